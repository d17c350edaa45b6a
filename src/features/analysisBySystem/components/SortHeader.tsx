import { useTranslation } from 'react-i18next';
import { SortButton } from '../../../components/SortButton';
import type { AnalysisOrdering } from '../types';

type Column = 'domain' | 'score' | 'status';

// Domain and score toggle up and down; the server orders status one way only (most serious first).
const cycle: Record<Column, [AnalysisOrdering, AnalysisOrdering]> = {
  domain: ['domain', '-domain'],
  score: ['score', '-score'],
  status: ['status', 'status'],
};

type Props = {
  column: Column;
  label: string;
  ordering: AnalysisOrdering;
  onOrder: (o: AnalysisOrdering) => void;
};

/** A column header that orders the list by its column, announcing the current order (aria-sort). */
export function SortHeader({ column, label, ordering, onOrder }: Props) {
  const { t } = useTranslation('analysis');
  const [up, down] = cycle[column];
  const active = ordering === up || ordering === down;
  const sort = !active ? 'none' : ordering.startsWith('-') ? 'descending' : 'ascending';
  const next = ordering === up ? down : up;
  return (
    <th scope="col" aria-sort={sort}>
      <SortButton type="button" onClick={() => onOrder(next)} title={t('table.sortBy', { column: label })}>
        {label}
        <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ' ↕'}</span>
      </SortButton>
    </th>
  );
}
