import { useTranslation } from 'react-i18next';
import { DetailTable, warningText } from '../../verifyTools';
import type { DkimResult } from '../types';

/** The DKIM selectors seen in reports and DNS: key type and length, testing and revoked flags (RFC 6376 §3.6.1). */
export function DkimSelectorsTable({ result }: { result: DkimResult }) {
  const { t } = useTranslation(['analysis', 'checkWarnings']);
  const selectors = result.selectors ?? [];
  if (selectors.length === 0) return <p>{t('dkim.noSelectors')}</p>;
  const yesNo = (v: boolean) => t(v ? 'values.yes' : 'values.no');
  return (
    <DetailTable
      caption={t('dkim.caption')}
      columns={[
        t('dkim.selector'),
        t('dkim.source'),
        t('dkim.keyType'),
        t('dkim.bits'),
        t('dkim.testing'),
        t('dkim.revoked'),
        t('dkim.warnings'),
      ]}
    >
      {selectors.map((s) => (
        <tr key={s.selector}>
          <th scope="row">
            <code>{s.selector}</code>
            {!s.found && <div>{t('dkim.notFound')}</div>}
          </th>
          <td>{t(`dkim.sources.${s.source}`)}</td>
          <td>{s.keyType ? s.keyType.toUpperCase() : '—'}</td>
          <td className="number">{s.keyBits ?? '—'}</td>
          <td>{yesNo(s.testing)}</td>
          <td>{yesNo(s.revoked)}</td>
          <td>
            {s.warnings.length === 0
              ? '—'
              : s.warnings.map((w, i) => <div key={`${w.code}-${i}`}>{warningText(t, w)}</div>)}
          </td>
        </tr>
      ))}
    </DetailTable>
  );
}
