import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimaryButton } from '../styles';
import { UploadModal } from './UploadModal';

/** "Upload reports" and its dialog; `onUploaded` reloads what the page shows. */
export function UploadReportsButton({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation('processedData');
  const [open, setOpen] = useState(false);
  return (
    <>
      <PrimaryButton type="button" onClick={() => setOpen(true)}>
        {t('upload.action')}
      </PrimaryButton>
      <UploadModal isOpen={open} onClose={() => setOpen(false)} onUploaded={onUploaded} />
    </>
  );
}
