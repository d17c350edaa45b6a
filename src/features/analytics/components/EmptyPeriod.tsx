import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { all, selectFilter, periodWithData, useFilterChange } from '../../filter';
import { Button } from '../../../components/Button';
import { formatDay } from '../../../i18n/format';
import { fetchReportPeriod, type ReportPeriod } from '../analyticsApi';

const Box = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;

  p {
    margin: 0;
  }
`;

type Props = {
  emptyText: string;
  /** Shown instead when the organization has no report at all (the overview: getting started). */
  noReports?: ReactNode;
};

/**
 * An empty period: when the selection has reports on other days, it says which and offers that period
 * (GET /domains/report-period/), rather than leaving an imported archive out of sight.
 */
export function EmptyPeriod({ emptyText, noReports }: Props) {
  const { t, i18n } = useTranslation('analytics');
  const filter = useAppSelector(selectFilter);
  const change = useFilterChange();
  const { organization, domainGroups, domain } = filter;
  // The answer is for the selection it was asked for (the dates do not change it).
  const key = JSON.stringify([organization, domainGroups, domain]);
  const [answer, setAnswer] = useState<{ key: string; period: ReportPeriod } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchReportPeriod({ ...filter }, controller.signal).then(
      (period) => setAnswer({ key, period }),
      () => {},
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const period = answer?.key === key ? answer.period : null;

  const first = period?.firstDay;
  const last = period?.lastDay;
  const day = (d: string | null | undefined) => (d ? formatDay(d, i18n.language) : '');
  const shown = { first: day(first), last: day(last) };
  if (period && !first && noReports && domain === all && domainGroups === all) return <>{noReports}</>;
  return (
    <Box>
      <p>{emptyText}</p>
      {first && last && (
        <>
          <p>{t('period.hasData', shown)}</p>
          <Button type="button" onClick={() => change({ ...filter, ...periodWithData(first, last) })}>
            {t('period.show', shown)}
          </Button>
        </>
      )}
    </Box>
  );
}
