import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Table, TableWrap } from '../../../components/Table';

const Figure = styled.figure`
  margin: 0;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  min-width: 0;

  figcaption {
    font-weight: 600;
    margin-bottom: 8px;
  }

  .recharts-text,
  .recharts-cartesian-axis-tick-value {
    fill: ${({ theme }) => theme.colors.text};
  }
`;

// Compact cells, so the tables fit a third of a wide screen; a narrower one scrolls inside the card.
const FigureTable = styled(Table)`
  th,
  td {
    padding: 6px;
  }

  td.number {
    white-space: nowrap;
  }

  .share {
    display: block;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Plot = styled.div`
  width: 100%;
  height: 220px;
`;

/** A cell may stack a count over its share (`<span className="share">`). */
export type FigureRow = { label: string; cells: ReactNode[] };

type Props = {
  id: string;
  title: string;
  /** Column headers of the data table that states what the chart draws. */
  headers: string[];
  rows: FigureRow[];
  children: ReactNode;
  /** Long tables (a day per row) start folded; the summary opens them. */
  foldedLabel?: string;
};

/**
 * A chart with its numbers as a table: the drawing is hidden from assistive technology and the table
 * (visible, compact) carries the same figures for everyone.
 */
export function ChartFigure({ id, title, headers, rows, children, foldedLabel }: Props) {
  const table = (
    <TableWrap>
      <FigureTable aria-label={title}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'number' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {r.cells.map((c, i) => (
                <td key={i} className="number">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </FigureTable>
    </TableWrap>
  );
  return (
    <Figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      {/* inert: the drawing is not focusable either (recharts makes its surface tabbable) */}
      <Plot aria-hidden="true" inert>
        {children}
      </Plot>
      {foldedLabel ? (
        <details>
          <summary>{foldedLabel}</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </Figure>
  );
}
