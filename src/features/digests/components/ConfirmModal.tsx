import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../processedData/styles';
import '../locale';

type Props = { title: string; text: string; confirm: string; onConfirm: () => void; onClose: () => void };

/** A question before a step that cannot be taken back (deleting a report, mailing its recipients). */
export function ConfirmModal({ title, text, confirm, onConfirm, onClose }: Props) {
  const { t } = useTranslation('digests');
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button type="button" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <PrimaryButton type="button" onClick={onConfirm}>
            {confirm}
          </PrimaryButton>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
