import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { UploadItem } from './useUploads';

const Totals = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 16px 0 0;
  font-weight: 600;
`;

/** How many files were imported, duplicates and rejected (failed uploads count as rejected). */
export function UploadTotals({ items }: { items: UploadItem[] }) {
  const { t } = useTranslation('processedData');
  const done = items.filter((i) => i.state === 'done' || i.state === 'failed');
  if (done.length === 0) return null;
  const count = (status: 'imported' | 'duplicate') => done.filter((i) => i.outcome?.status === status).length;
  const imported = count('imported');
  const duplicate = count('duplicate');
  const rejected = done.length - imported - duplicate;
  return (
    <Totals role="status" aria-label={t('upload.totals.label')} data-testid="upload-totals">
      <span data-total="imported">{t('upload.totals.imported', { count: imported })}</span>
      <span data-total="duplicate">{t('upload.totals.duplicate', { count: duplicate })}</span>
      <span data-total="rejected">{t('upload.totals.rejected', { count: rejected })}</span>
    </Totals>
  );
}
