import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import type { Member } from '../organizationsApi';
import { memberActionResource } from '../organizationResources';
import { Button } from '../../../components/Button';
import { PlainTable } from '../../../components/PlainTable';

type Props = {
  org: number;
  members: Member[];
  ownerId: number | null;
  isOwner: boolean;
  canManage: boolean;
  me: number | null;
};

/** Members with their role; the owner changes the owner and admins, owner and admins remove members. */
export function MembersTable({ org, members, ownerId, isOwner, canManage, me }: Props) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  if (members.length === 0) return <p>{t('detail.noMembers')}</p>;
  const act = (action: Parameters<typeof memberActionResource.actions.request>[0]) =>
    dispatch(memberActionResource.actions.request(action));
  return (
    <PlainTable>
      <caption className="visually-hidden">{t('detail.membersCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('detail.username')}</th>
          <th scope="col">{t('detail.email')}</th>
          <th scope="col">{t('detail.role')}</th>
          <th scope="col">{t('detail.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => {
          const owner = m.id === ownerId;
          const admin = m.attributes.role === 'admin';
          const name = m.attributes.username;
          return (
            <tr key={m.id}>
              <td>{name}</td>
              <td>{m.attributes.email}</td>
              <td>{owner ? t('roles.owner') : t(`roles.${admin ? 'admin' : 'member'}`)}</td>
              <td>
                {isOwner && !owner && (
                  <>
                    <Button
                      type="button"
                      aria-label={t('actions.makeOwnerOf', { name })}
                      onClick={() => act({ kind: 'owner', org, user: m.id })}
                    >
                      {t('actions.makeOwner')}
                    </Button>
                    <Button
                      type="button"
                      aria-label={t(admin ? 'actions.removeAdminOf' : 'actions.makeAdminOf', { name })}
                      onClick={() => act({ kind: 'admin', org, user: m.id, admin: !admin })}
                    >
                      {t(admin ? 'actions.removeAdmin' : 'actions.makeAdmin')}
                    </Button>
                  </>
                )}
                {canManage && !owner && m.id !== me && (
                  <Button
                    type="button"
                    aria-label={t('actions.removeOf', { name })}
                    onClick={() => act({ kind: 'remove', org, user: m.id })}
                  >
                    {t('actions.remove')}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </PlainTable>
  );
}
