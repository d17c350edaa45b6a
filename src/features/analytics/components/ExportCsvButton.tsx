import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { showMessage } from '../../../components/showMessage';
import { Button } from '../../../components/Button';
import { downloadCsv, type ListOp } from '../analyticsApi';
import type { ListParams } from '../types';

type Props = { url: ListOp; params: ListParams; fileName: string; label?: string };

/** Contract 6: the whole list under the filter (not just this page) as CSV, through the API client. */
export function ExportCsvButton({ url, params, fileName, label }: Props) {
  const { t } = useTranslation('analytics');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(url, params, fileName);
    } catch (error) {
      showMessage({
        messageType: 'error',
        message: errorMessage(error, t('csv.failed'), { from: 'detail' }),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" onClick={() => void run()} disabled={busy} aria-busy={busy} aria-label={label}>
      {t('csv.export')}
    </Button>
  );
}
