import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatCount, formatDay } from '../../../i18n/format';
import type { Metrics } from '../types';

const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 16px;
  margin: 0;

  div {
    padding: 16px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg}px;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    font-weight: 500;
  }

  dd {
    margin: 6px 0 0;
    font: 600 1.5rem ${({ theme }) => theme.fonts.primary};
  }

  dd.range {
    font-size: 1rem;
  }
`;

/** Spec section 3 domain metrics: domains, reports, records, messages and the date range. */
export function MetricCards({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation('analytics');
  const n = (v: number) => formatCount(v, i18n.language);
  const cards: [string, string, string?][] = [
    ['nrDomains', n(metrics.nrDomains)],
    ['nrReports', n(metrics.nrReports)],
    ['nrRecords', n(metrics.nrRecords)],
    ['nrMessages', n(metrics.nrMessages)],
    [
      'dateRange',
      t('overview.range', {
        begin: formatDay(metrics.dateRange.beginDate, i18n.language),
        end: formatDay(metrics.dateRange.endDate, i18n.language),
      }),
      'range',
    ],
  ];
  return (
    <Cards aria-label={t('overview.cards')}>
      {cards.map(([key, value, className]) => (
        <div key={key}>
          <dt>{t(`overview.${key}`)}</dt>
          <dd className={className}>{value}</dd>
        </div>
      ))}
    </Cards>
  );
}
