import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from '../../../components/Spinner';
import { Button } from '../../../components/Button';
import { RowLink, Table, TableWrap } from '../../../components/Table';
import { bySeverity, warningText } from '../../verifyTools';
import { formatDateTime } from '../../../i18n/format';
import { formatSummary } from '../format';
import type { AnalysisOrdering, DomainAnalysis } from '../types';
import { SortHeader } from './SortHeader';
import { StatusBadge } from './StatusBadge';

const Warnings = styled.ul`
  margin: 0;
  padding-left: 16px;
  max-width: 42ch;
  font-size: 0.85rem;
`;

// Domain names should not break at every hyphen in a narrow column.
const Grid = styled(Table)`
  th[scope='row'] {
    min-width: 11rem;
  }
`;

const Busy = styled.span`
  display: inline-flex;
  gap: 6px;
  align-items: center;
`;

type Props = {
  rows: DomainAnalysis[];
  summary: string[];
  ordering: AnalysisOrdering;
  onOrder: (ordering: AnalysisOrdering) => void;
  onOpen: (row: DomainAnalysis) => void;
  onRecheck: (row: DomainAnalysis) => void;
  /** The domain being re-checked now, if any: its button shows progress, the others wait. */
  recheckingId: number | null;
  caption: string;
};

/** Every domain with its status, score, top warnings and the system's facts; one row per domain. */
export function AnalysisTable({
  rows,
  summary,
  ordering,
  onOrder,
  onOpen,
  onRecheck,
  recheckingId,
  caption,
}: Props) {
  const { t, i18n } = useTranslation(['analysis', 'checkWarnings']);
  return (
    <TableWrap>
      <Grid>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <SortHeader column="domain" label={t('table.domain')} ordering={ordering} onOrder={onOrder} />
            <SortHeader column="status" label={t('table.status')} ordering={ordering} onOrder={onOrder} />
            <SortHeader column="score" label={t('table.score')} ordering={ordering} onOrder={onOrder} />
            <th scope="col">{t('table.warnings')}</th>
            {summary.map((key) => (
              <th key={key} scope="col">
                {t(`summary.${key}`, { defaultValue: key })}
              </th>
            ))}
            <th scope="col">{t('table.checkedAt')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const a = row.attributes;
            const top = bySeverity(a.warnings).slice(0, 3);
            const more = a.warningCount - top.length;
            const busy = recheckingId === a.domainId;
            return (
              <tr key={row.id}>
                <th scope="row">
                  <RowLink type="button" onClick={() => onOpen(row)}>
                    {a.domain}
                  </RowLink>
                </th>
                <td>
                  <StatusBadge status={a.status} />
                </td>
                <td className="number">{a.score ?? '—'}</td>
                <td>
                  {top.length === 0 ? (
                    '—'
                  ) : (
                    <Warnings>
                      {top.map((w, i) => (
                        <li key={`${w.code}-${i}`}>{warningText(t, w)}</li>
                      ))}
                      {more > 0 && <li>{t('table.moreWarnings', { count: more })}</li>}
                    </Warnings>
                  )}
                </td>
                {summary.map((key) => (
                  <td key={key}>{formatSummary(t, a.summary?.[key], key)}</td>
                ))}
                <td>{formatDateTime(a.checkedAt, i18n.language)}</td>
                <td>
                  <Button
                    type="button"
                    disabled={recheckingId !== null}
                    aria-label={`${t(busy ? 'recheck.running' : 'recheck.action')} ${a.domain}`}
                    onClick={() => onRecheck(row)}
                  >
                    {busy ? (
                      <Busy>
                        <Spinner size={14} />
                        {t('recheck.running')}
                      </Busy>
                    ) : (
                      t('recheck.action')
                    )}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Grid>
    </TableWrap>
  );
}
