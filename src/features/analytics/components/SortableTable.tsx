import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortButton } from '../../../components/SortButton';
import { Table, TableWrap } from '../../../components/Table';

export type Column<R> = {
  /** The server's ordering field (snake_case); null: not sortable. */
  field: string | null;
  label: string;
  numeric?: boolean;
  render: (row: R) => ReactNode;
};

type Props<R> = {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  ordering: string;
  onOrdering: (ordering: string) => void;
};

/** Next ordering when a header is chosen: numbers start high-to-low, text A to Z; again reverses. */
export function nextOrdering(current: string, field: string, numeric: boolean): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return numeric ? `-${field}` : field;
}

export function SortableTable<R>({ caption, columns, rows, rowKey, ordering, onOrdering }: Props<R>) {
  const { t } = useTranslation('analytics');
  return (
    <TableWrap>
      <Table aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => {
              const sorted = c.field && (ordering === c.field || ordering === `-${c.field}`);
              const sort = sorted ? (ordering.startsWith('-') ? 'descending' : 'ascending') : undefined;
              return (
                <th key={c.label} scope="col" className={c.numeric ? 'number' : undefined} aria-sort={sort}>
                  {c.field ? (
                    <SortButton
                      type="button"
                      onClick={() => onOrdering(nextOrdering(ordering, c.field!, !!c.numeric))}
                      title={t('table.sortBy', { column: c.label })}
                    >
                      {c.label}
                      {sort && <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : ' ▼'}</span>}
                    </SortButton>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.label} className={c.numeric ? 'number' : undefined}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
