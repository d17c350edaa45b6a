import { useTranslation } from 'react-i18next';
import { StatusText, Table, TableWrap } from './styles';
import type { ListResult } from './types';

const toneOf = (r: ListResult) => {
  if (r.status === 'listed') return r.kind === 'allow' ? 'success' : 'error';
  if (r.status === 'not_listed') return 'muted';
  return 'warning';
};

/** One row per DNS list: status, return codes with their meanings, the TXT reason, time taken, delist page. */
export function ListingTable({ results }: { results: ListResult[] }) {
  const { t } = useTranslation('ipVerify');
  return (
    <TableWrap>
      <Table>
        <caption className="visually-hidden">{t('lists.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lists.list')}</th>
            <th scope="col">{t('lists.status')}</th>
            <th scope="col">{t('lists.codes')}</th>
            <th scope="col">{t('lists.reason')}</th>
            <th scope="col">{t('lists.time')}</th>
            <th scope="col">{t('lists.delist')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.zone} data-zone={r.zone}>
              <th scope="row">
                {r.name}
                {r.kind === 'allow' && <div>{t('lists.allowList')}</div>}
              </th>
              <td>
                <StatusText $tone={toneOf(r)}>
                  {t(
                    r.kind === 'allow' && r.status === 'listed' ? 'status.allowListed' : `status.${r.status}`,
                  )}
                </StatusText>
              </td>
              <td>
                {r.codes.length === 0
                  ? t('lists.none')
                  : r.codes.map((c) => (
                      <div key={c.code}>
                        <code>{c.code}</code> {c.meaning}
                      </div>
                    ))}
              </td>
              <td>{r.reason ?? r.error ?? t('lists.none')}</td>
              <td>{t('lists.ms', { ms: r.timeMs })}</td>
              <td>
                {r.delistUrl ? (
                  <a href={r.delistUrl} target="_blank" rel="noopener noreferrer">
                    {t('lists.delistLink', { name: r.name })}
                  </a>
                ) : (
                  t('lists.none')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
