import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { selectCurrentUser, selectTokenData } from '../../auth';
import { PlainTable } from '../../../components/PlainTable';
import {
  domainChangeResource,
  domainsResource,
  domainVerifyResource,
  zonesInTheWay,
} from '../domainsResources';
import { DeleteDomainZonesModal } from './DeleteDomainZonesModal';
import { AddDomainForm } from './AddDomainForm';
import { DomainGroupsPanel } from './DomainGroupsPanel';
import { RenameDomainModal } from './RenameDomainModal';
import { VerificationBadge, VerificationDetails } from './DomainVerification';
import { Button } from '../../../components/Button';

/** The organization's domains (add, rename, delete, verify) and its domain groups. */
export function DomainsPanel() {
  const { t } = useTranslation('domains');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(domainsResource.selectors.selectState);
  const change = useAppSelector(domainChangeResource.selectors.selectState);
  const verifying = useAppSelector(domainVerifyResource.selectors.selectState).isLoading;
  // The row whose records are shown, and the one being checked now.
  const [open, setOpen] = useState<number | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  // The domain last asked to be deleted, and the refusal about its zones the user answered "keep".
  const [deleting, setDeleting] = useState<string | null>(null);
  const [kept, setKept] = useState<unknown>(null);
  // The owner and admins may rename (server/lib/permissions.ts canEditDomain); the user document names it.
  const org = useAppSelector(selectTokenData)?.organizationId ?? null;
  const canRename = useAppSelector(selectCurrentUser)?.permissions.includes('domains.change') === true;
  const check = (id: number) => {
    setChecking(id);
    dispatch(domainVerifyResource.actions.request(id));
  };
  useEffect(() => {
    dispatch(domainsResource.actions.request());
  }, [dispatch]);
  // A delete refused because hosted zones depend on the domain: the question about them.
  const refused =
    change.status === 'failure' && change.error !== kept ? zonesInTheWay(change.error?.body) : null;
  const zonesOf = refused && deleting ? { name: deleting, zones: refused } : null;
  const remove = (name: string, zones?: 'delete') => {
    setDeleting(name);
    dispatch(domainChangeResource.actions.request({ kind: 'delete', name, zones }));
  };
  const domains = data ?? [];
  return (
    <>
      <LoadingPanel isLoading={isLoading || change.isLoading} title={t('list.title')}>
        {error && !data && <p role="alert">{error.message}</p>}
        {data && domains.length === 0 && <p>{t('list.empty')}</p>}
        {domains.length > 0 && (
          <PlainTable>
            <caption className="visually-hidden">{t('list.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('verify.status')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {domains.map((d) => {
                const v = d.attributes.verification;
                const detailsId = `domain-records-${d.id}`;
                return (
                  <Fragment key={d.id}>
                    <tr>
                      <td>{d.attributes.name}</td>
                      <td>{v && <VerificationBadge status={v.status} />}</td>
                      <td>
                        {v && (
                          <Button
                            type="button"
                            aria-expanded={open === d.id}
                            aria-controls={detailsId}
                            aria-label={t('verify.showRecordsOf', { name: d.attributes.name })}
                            onClick={() => setOpen(open === d.id ? null : d.id)}
                          >
                            {t('verify.showRecords')}
                          </Button>
                        )}
                        {canRename && org !== null && (
                          <Button
                            type="button"
                            aria-label={t('list.renameOf', { name: d.attributes.name })}
                            onClick={() => setRenaming({ id: d.id, name: d.attributes.name })}
                          >
                            {t('list.rename')}
                          </Button>
                        )}
                        <Button
                          type="button"
                          aria-label={t('list.deleteOf', { name: d.attributes.name })}
                          onClick={() => remove(d.attributes.name)}
                        >
                          {t('list.delete')}
                        </Button>
                      </td>
                    </tr>
                    {v && open === d.id && (
                      <tr id={detailsId}>
                        <td colSpan={3}>
                          <VerificationDetails
                            name={d.attributes.name}
                            verification={v}
                            checking={verifying && checking === d.id}
                            onCheck={() => check(d.id)}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </PlainTable>
        )}
        <AddDomainForm id="domain-add" title={t('create.title')} />
      </LoadingPanel>
      {zonesOf && (
        <DeleteDomainZonesModal
          name={zonesOf.name}
          zones={zonesOf.zones}
          onKeep={() => setKept(change.error)}
          onDelete={() => remove(zonesOf.name, 'delete')}
        />
      )}
      {org !== null && (
        <RenameDomainModal
          key={renaming?.id ?? 'closed'}
          org={org}
          domain={renaming}
          onClose={() => setRenaming(null)}
        />
      )}
      <DomainGroupsPanel domains={domains.map((d) => d.attributes.name)} />
    </>
  );
}
