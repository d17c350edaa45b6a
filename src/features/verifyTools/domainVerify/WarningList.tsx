import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CheckWarning, Severity } from './types';

const List = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
`;

const Item = styled.li`
  display: flex;
  gap: 8px;
  align-items: baseline;
`;

const toneOf = { error: 'error', warning: 'warning', info: 'textMuted' } as const;

export const Badge = styled.span<{ $severity: Severity }>`
  flex: none;
  padding: 1px 8px;
  border: 1px solid ${(p) => p.theme.colors[toneOf[p.$severity]]};
  border-radius: ${(p) => p.theme.radii.pill}px;
  color: ${(p) => p.theme.colors[toneOf[p.$severity]]};
  font-size: 0.75rem;
  font-weight: 600;
  text-transform: uppercase;
`;

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export const bySeverity = <W extends CheckWarning>(warnings: W[] | undefined): W[] =>
  [...(warnings ?? [])].sort((a, b) => rank[a.severity] - rank[b.severity]);

/**
 * The warning in the interface language: the checkWarnings key of its code (a `context` param picks the
 * variant of a code several checkers share), else the server's English message.
 */
export function warningText(t: TFunction, w: CheckWarning): string {
  return t(w.code, { ...w.params, ns: 'checkWarnings', defaultValue: w.message });
}

/** Warnings, most serious first, translated by code. */
export function WarningList({ warnings }: { warnings: CheckWarning[] | undefined }) {
  const { t } = useTranslation(['domainVerify', 'checkWarnings']);
  const list = bySeverity(warnings);
  if (list.length === 0) return <p>{t('results.noWarnings')}</p>;
  return (
    <List aria-label={t('results.warnings')}>
      {list.map((w, i) => (
        <Item key={`${w.code}-${w.subject ?? ''}-${i}`}>
          <Badge $severity={w.severity}>{t(`severity.${w.severity}`)}</Badge>
          <span>{warningText(t, w)}</span>
        </Item>
      ))}
    </List>
  );
}
