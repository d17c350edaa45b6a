import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimaryButton } from '../../../components/Button';
import { UploadModal } from './UploadModal';

type Props = {
  onUploaded: () => void;
  /** Reload only once the dialog closes: on a page the first report replaces (get started), at once the
   * dialog would vanish with its results. */
  afterClose?: boolean;
};

/** "Upload reports" and its dialog; `onUploaded` reloads what the page shows. */
export function UploadReportsButton({ onUploaded, afterClose = false }: Props) {
  const { t } = useTranslation('processedData');
  const [open, setOpen] = useState(false);
  const pending = useRef(false);
  const uploaded = () => {
    if (afterClose) pending.current = true;
    else onUploaded();
  };
  const close = () => {
    setOpen(false);
    if (pending.current) {
      pending.current = false;
      onUploaded();
    }
  };
  return (
    <>
      <PrimaryButton type="button" onClick={() => setOpen(true)}>
        {t('upload.action')}
      </PrimaryButton>
      <UploadModal isOpen={open} onClose={close} onUploaded={uploaded} />
    </>
  );
}
