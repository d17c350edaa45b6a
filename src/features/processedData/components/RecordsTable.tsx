import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../i18n/format';
import { List } from '../../../components/Facts';
import { Muted } from '../../../components/Text';
import { Table, TableWrap } from '../../../components/Table';
import type { AuthResult, DmarcRecord } from '../types';

function Results({ items, kind }: { items: AuthResult[]; kind: 'dkim' | 'spf' }) {
  const { t } = useTranslation('processedData');
  if (items.length === 0) return <Muted>{t('records.none')}</Muted>;
  return (
    <List>
      {items.map((r, i) => (
        <li key={`${r.domain}-${i}`}>
          {kind === 'dkim'
            ? t('records.dkimItem', { domain: r.domain, selector: r.selector ?? '-', result: r.result })
            : r.scope
              ? t('records.spfItem', { domain: r.domain, scope: r.scope, result: r.result })
              : t('records.spfItemNoScope', { domain: r.domain, result: r.result })}
        </li>
      ))}
    </List>
  );
}

/** A report's rows (RFC 7489 appendix C: row, identifiers, auth_results). */
export function RecordsTable({ records }: { records: DmarcRecord[] }) {
  const { t, i18n } = useTranslation('processedData');
  return (
    <TableWrap>
      <Table aria-label={t('records.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('records.sourceIp')}</th>
            <th scope="col" className="number">
              {t('records.count')}
            </th>
            <th scope="col">{t('records.disposition')}</th>
            <th scope="col">{t('records.evaluated')}</th>
            <th scope="col">{t('records.identifiers')}</th>
            <th scope="col">{t('records.dkimSignatures')}</th>
            <th scope="col">{t('records.spfResults')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map(({ id, attributes: a, dkimSignatures }) => (
            <tr key={id} data-record-id={id}>
              <td>
                {a.sourceIp}
                {a.reverseDns && (
                  <>
                    <br />
                    <Muted>{a.reverseDns}</Muted>
                  </>
                )}
              </td>
              <td className="number">{formatCount(a.count, i18n.language)}</td>
              <td>{a.disposition}</td>
              <td>{t('records.evaluatedValue', { dkim: a.dkim, spf: a.spf })}</td>
              <td>
                <List>
                  <li>{t('records.headerFrom', { value: a.headerFrom })}</li>
                  {a.envelopeFrom && <li>{t('records.envelopeFrom', { value: a.envelopeFrom })}</li>}
                  {a.envelopeTo && <li>{t('records.envelopeTo', { value: a.envelopeTo })}</li>}
                </List>
              </td>
              <td>
                <Results items={dkimSignatures.map((s) => s.attributes)} kind="dkim" />
              </td>
              <td>
                <Results items={a.spfResults} kind="spf" />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
