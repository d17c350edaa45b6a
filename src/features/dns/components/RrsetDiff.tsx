import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Rrset } from '../dnsApi';
import '../locale';

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: ui-monospace, monospace;
  font-size: 0.86rem;

  li {
    padding: 1px 6px;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }

  li[data-mark='-'] {
    color: ${({ theme }) => theme.colors.error};
  }

  li[data-mark='+'] {
    color: ${({ theme }) => theme.colors.success};
  }
`;

type Line = { mark: '+' | '-' | ' '; text: string };

/** Records as lines: removed ones marked −, added ones +, the rest as they were; the TTL when it moved. */
export function diffLines(before: Rrset | null, after: Rrset | null, disabledWord: string): Line[] {
  const show = (r: { content: string; disabled: boolean }) =>
    r.disabled ? `${r.content}  (${disabledWord})` : r.content;
  const was = new Set(before?.records.map(show) ?? []);
  const now = new Set(after?.records.map(show) ?? []);
  const lines: Line[] = [];
  if (before && after && before.ttl !== after.ttl) {
    lines.push({ mark: '-', text: `TTL ${before.ttl}` }, { mark: '+', text: `TTL ${after.ttl}` });
  }
  for (const text of was) if (!now.has(text)) lines.push({ mark: '-', text });
  for (const text of now) lines.push({ mark: was.has(text) ? ' ' : '+', text });
  const beforeComment = before?.comments.map((c) => c.content).join(' ') ?? '';
  const afterComment = after?.comments.map((c) => c.content).join(' ') ?? '';
  if (beforeComment !== afterComment) {
    if (beforeComment) lines.push({ mark: '-', text: `# ${beforeComment}` });
    if (afterComment) lines.push({ mark: '+', text: `# ${afterComment}` });
  }
  return lines;
}

/** One rrset's change, readable without colour: each line starts with its mark. */
export function RrsetDiff({ before, after }: { before: Rrset | null; after: Rrset | null }) {
  const { t } = useTranslation('dns');
  return (
    <Lines aria-label={t('diff.label')}>
      {diffLines(before, after, t('records.disabled')).map((line, i) => (
        <li key={i} data-mark={line.mark}>
          <span aria-hidden="true">{line.mark === ' ' ? '\u00a0' : line.mark === '-' ? '−' : '+'} </span>
          <span className="visually-hidden">
            {t(`diff.mark.${line.mark === ' ' ? 'same' : line.mark === '-' ? 'removed' : 'added'}`)}{' '}
          </span>
          {line.text}
        </li>
      ))}
    </Lines>
  );
}
