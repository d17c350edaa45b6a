import type { TFunction } from 'i18next';
import { PercentageBar } from '../../../components/PercentageBar';
import { formatCount } from '../../../i18n/format';
import type { Column } from './SortableTable';

type Rates = {
  messages: number;
  dmarcPassed: number;
  dkimPassed: number;
  spfPassed: number;
  dmarcPassedPercentage: number;
};

/** The columns every aggregation shares: messages, DMARC passed (with its share), DKIM and SPF passed. */
export function rateColumns<R extends Rates>(t: TFunction, language: string): Column<R>[] {
  const n = (v: number) => formatCount(v, language);
  return [
    { field: 'messages', label: t('columns.messages'), numeric: true, render: (r) => n(r.messages) },
    {
      field: null,
      label: t('columns.dmarcRate'),
      render: (r) => <PercentageBar value={r.dmarcPassedPercentage} label={t('columns.dmarcRate')} />,
    },
    {
      field: 'dmarc_passed',
      label: t('columns.dmarcPassed'),
      numeric: true,
      render: (r) => n(r.dmarcPassed),
    },
    { field: 'dkim_passed', label: t('columns.dkimPassed'), numeric: true, render: (r) => n(r.dkimPassed) },
    { field: 'spf_passed', label: t('columns.spfPassed'), numeric: true, render: (r) => n(r.spfPassed) },
  ];
}
