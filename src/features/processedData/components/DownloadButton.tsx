import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { showMessage } from '../../../components/showMessage';
import { downloadReportFile } from '../reportsApi';
import { Button } from '../../../components/Button';
import type { ReportKind } from '../types';

/** `label` names the file for assistive technology where several download buttons share a table. */
type Props = { kind: ReportKind; id: number; label?: string };

/** Saves the original file of a stored report, as received. */
export function DownloadButton({ kind, id, label }: Props) {
  const { t } = useTranslation('processedData');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReportFile(kind, id);
    } catch (error) {
      showMessage({ messageType: 'error', message: errorMessage(error, t('download.failed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" onClick={() => void download()} disabled={busy} aria-busy={busy} aria-label={label}>
      {t('download.original')}
    </Button>
  );
}
