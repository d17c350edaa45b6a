import type { ReactNode } from 'react';
import { Scroll, Table } from './detailStyles';

// The scrollable captioned table each mail-transport detail view uses; callers pass translated text.

export function DetailTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <Scroll>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </Scroll>
  );
}
