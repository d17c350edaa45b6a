import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { Field, Notice } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { useOnSuccess } from '../../../app/resource/useResourceForm';
import { TextField } from '../../../components/TextField';
import { selectTokenData, selectUserId } from '../../auth';
import {
  invitationResource,
  memberActionResource,
  organizationDetailResource,
} from '../organizationResources';
import type { InvitationLanguage } from '../organizationsApi';
import { MembersTable } from './MembersTable';
import { ReportAddressSection } from './ReportAddressSection';
import { OrganizationLinks } from './OrganizationLinks';
import { OrganizationEditSection } from './OrganizationEditSection';
import { Button } from '../../../components/Button';
import { organizationLabel } from '../../../components/organizationLabel';

function InviteForm({ org }: { org: number }) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const { isLoading, status, error } = useAppSelector(invitationResource.selectors.selectState);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [language, setLanguage] = useState<InvitationLanguage | ''>('');
  useOnSuccess(status, () => setEmail(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), role, organization: org, ...(language ? { language } : {}) };
    dispatch(invitationResource.actions.request(body));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">{t('invite.title')}</h3>
      <TextField
        id="invite-email"
        type="email"
        label={t('invite.email')}
        value={email}
        onChange={setEmail}
        autoComplete="off"
        errors={error?.body?.email}
        required
      />
      <Field>
        <label htmlFor="invite-role">{t('invite.role')}</label>
        <SelectControl
          id="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'member')}
        >
          <option value="member">{t('roles.member')}</option>
          <option value="admin">{t('roles.admin')}</option>
        </SelectControl>
      </Field>
      <Field>
        <label htmlFor="invite-language">{t('invite.language')}</label>
        <SelectControl
          id="invite-language"
          value={language}
          onChange={(e) =>
            setLanguage(e.target.value === 'en' || e.target.value === 'pt' ? e.target.value : '')
          }
        >
          <option value="">{t('invite.languageAuto')}</option>
          <option value="en">{t('invite.languageEn')}</option>
          <option value="pt">{t('invite.languagePt')}</option>
        </SelectControl>
      </Field>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('invite.submit')}
      </LoadingButton>
    </form>
  );
}

/** The caller's organization: name, members with their roles, owner change, admins, invitations. */
export function OrganizationPanel() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const orgId = useAppSelector(selectTokenData)?.organizationId ?? null;
  const me = useAppSelector(selectUserId);
  const { data, isLoading, error } = useAppSelector(organizationDetailResource.selectors.selectState);
  const acting = useAppSelector(memberActionResource.selectors.selectIsLoading);

  useEffect(() => {
    if (orgId !== null) dispatch(organizationDetailResource.actions.request(orgId));
  }, [dispatch, orgId]);

  if (orgId === null) return <Notice>{t('detail.none')}</Notice>;
  const org = data?.organization;
  const ownerId = org?.relationships.owner.data?.id ?? null;
  const myRole = data?.members.find((m) => m.id === me)?.attributes.role;
  const canManage = me === ownerId || myRole === 'admin';
  const limit = org?.attributes.benefits.organizationMembersLimit;
  const pending = org?.relationships.memberRegistrations.data ?? [];

  return (
    <>
      <LoadingPanel
        isLoading={isLoading || acting}
        title={org ? organizationLabel(t, org.attributes.name) : t('detail.title')}
      >
        {error && !data && (
          <Notice role="alert" $tone="warning">
            {error.message}
          </Notice>
        )}
        {data && (
          <>
            {org?.attributes.reportAddress && <ReportAddressSection org={org} />}
            <p>
              {limit
                ? t('detail.membersOfLimit', { count: data.members.length, limit })
                : t('detail.members', { count: data.members.length })}
            </p>
            <MembersTable
              org={orgId}
              members={data.members}
              ownerId={ownerId}
              isOwner={me === ownerId}
              canManage={canManage}
              me={me}
            />
            {canManage && <InviteForm org={orgId} />}
            {canManage && pending.length > 0 && (
              <section aria-labelledby="pending-title">
                <h3 id="pending-title">{t('invite.pending')}</h3>
                <ul>
                  {pending.map((ref) => (
                    <li key={ref.id}>
                      {t('invite.pendingItem', { id: ref.id })}{' '}
                      <Button
                        type="button"
                        onClick={() =>
                          dispatch(invitationResource.actions.request({ resend: ref.id, org: orgId }))
                        }
                      >
                        {t('invite.resend')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {canManage && org && (
              <OrganizationEditSection
                key={org.attributes.name}
                org={orgId}
                name={org.attributes.name}
                canDelete={me === ownerId}
              />
            )}
          </>
        )}
      </LoadingPanel>
      {data && <OrganizationLinks />}
    </>
  );
}
