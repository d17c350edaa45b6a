import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { UploadOutcome } from '../types';

const Outcome = styled.span<{ $tone: 'success' | 'warning' | 'error' }>`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  padding-left: 8px;
  overflow-wrap: break-word;
`;

const Retention = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: break-word;
`;

const tones = { imported: 'success', duplicate: 'warning', rejected: 'error', error: 'error' } as const;

/** What retention does to the file's reports: kept until a day, or removed by the next hourly run. */
export function RetentionText({ retention }: { retention: NonNullable<UploadOutcome['retention']> }) {
  const { t } = useTranslation('processedData');
  const key = retention.expired ? 'expired' : retention.held ? 'held' : 'keptUntil';
  return (
    <Retention data-retention={key}>
      {t(`upload.retention.${key}`, { date: retention.keptUntil, count: retention.days })}
    </Retention>
  );
}

/** A report the server refused only because its domain is not the organization's (yet): it names both. */
export const refusedForItsDomain = (outcome: UploadOutcome) =>
  outcome.status === 'rejected' && !!outcome.domain && !!outcome.kind;

/**
 * imported / duplicate / rejected with the server's reason (the file's result of the upload); a refusal for
 * the domain is said in the page's language, the server's reason being English.
 */
export function UploadOutcomeText({ outcome }: { outcome: UploadOutcome }) {
  const { t } = useTranslation('processedData');
  const kind = outcome.kind ? t(`kinds.${outcome.kind}`) : '';
  const text =
    outcome.status === 'imported'
      ? t('upload.imported', { kind, domain: outcome.domain ?? '', count: outcome.records })
      : outcome.status === 'duplicate'
        ? t('upload.duplicate', { kind, domain: outcome.domain ?? '' })
        : refusedForItsDomain(outcome)
          ? t('upload.rejected', { reason: t('upload.notOwnDomain', { domain: outcome.domain }) })
          : t('upload.rejected', { reason: outcome.reason ?? t('upload.failed') });
  return (
    <>
      <Outcome $tone={tones[outcome.status]} data-status={outcome.status}>
        {text}
      </Outcome>
      {outcome.retention && <RetentionText retention={outcome.retention} />}
    </>
  );
}
