import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ListState } from '../../../components/ListState';
import { Facts } from '../../../components/Facts';
import { Table, TableWrap } from '../../../components/Table';
import { currentDomainResource } from './domainInfoResources';
import { formatDateTime } from '../../../i18n/format';

const Block = styled.div`
  margin-top: 20px;
`;

type Props = { name: string; organization?: number };

/** The domain as it is now: DMARC and SPF records, its addresses and the DKIM selectors (unique by selector). */
export function CurrentDomainPanel({ name, organization }: Props) {
  const { t, i18n } = useTranslation('domainInfo');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(currentDomainResource.selectors.selectState);
  const load = useCallback(() => {
    dispatch(currentDomainResource.actions.request({ name, organization }));
  }, [dispatch, name, organization]);
  useEffect(load, [load]);
  const current = data && data.dmarc.domain === name ? data : null;
  const yesNo = (v: boolean) => t(v ? 'values.yes' : 'values.no');

  return (
    <LoadingPanel isLoading={isLoading} title={t('current.title', { domain: name })}>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!current}
        isEmpty={false}
        emptyText=""
        onRetry={load}
      >
        {current && (
          <>
            <Facts>
              <dt>{t('current.dmarc')}</dt>
              <dd>{current.dmarc.record ? <code>{current.dmarc.record}</code> : t('current.noRecord')}</dd>
              <dt>{t('current.spf')}</dt>
              <dd>{current.spf.record ? <code>{current.spf.record}</code> : t('current.noRecord')}</dd>
              <dt>{t('current.checkedAt')}</dt>
              <dd>{formatDateTime(current.dmarc.checkedAt ?? current.spf.checkedAt, i18n.language)}</dd>
            </Facts>
            <Block>
              <TableWrap>
                <Table>
                  <caption>{t('ips.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('ips.ip')}</th>
                      <th scope="col">{t('ips.source')}</th>
                      <th scope="col">{t('ips.host')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.ips.length === 0 ? (
                      <tr>
                        <td colSpan={3}>{t('ips.none')}</td>
                      </tr>
                    ) : (
                      current.ips.map((ip) => (
                        <tr key={`${ip.ip}-${ip.source}-${ip.host}`}>
                          <td>
                            <code>{ip.ip}</code>
                          </td>
                          <td>{ip.source}</td>
                          <td>{ip.host}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </Table>
              </TableWrap>
            </Block>
            <Block>
              <TableWrap>
                <Table>
                  <caption>{t('dkim.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('dkim.selector')}</th>
                      <th scope="col">{t('dkim.source')}</th>
                      <th scope="col">{t('dkim.key')}</th>
                      <th scope="col">{t('dkim.testing')}</th>
                      <th scope="col">{t('dkim.lastSeen')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.dkim.length === 0 ? (
                      <tr>
                        <td colSpan={5}>{t('dkim.none')}</td>
                      </tr>
                    ) : (
                      current.dkim.map((s) => (
                        <tr key={s.selector}>
                          <th scope="row">
                            <code>{s.selector}</code>
                          </th>
                          <td>{t(`dkim.sources.${s.source}`)}</td>
                          <td>
                            {s.keyType
                              ? t('dkim.keyOf', { type: s.keyType.toUpperCase(), bits: s.keyBits ?? '?' })
                              : '—'}
                          </td>
                          <td>{yesNo(s.testing)}</td>
                          <td>{formatDateTime(s.lastSeen, i18n.language)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </Table>
              </TableWrap>
            </Block>
          </>
        )}
      </ListState>
    </LoadingPanel>
  );
}
