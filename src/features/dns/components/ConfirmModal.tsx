import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../processedData/styles';
import '../locale';

type Props = {
  isOpen: boolean;
  title: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A question before a change that cannot be taken back silently (deleting a zone, reverting a change). */
export function ConfirmModal({ isOpen, title, confirm, onConfirm, onClose, children }: Props) {
  const { t } = useTranslation('dns');
  return (
    <Modal
      isOpen={isOpen}
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
      {children}
    </Modal>
  );
}
