import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PrimaryButton } from './Button';
import { Modal } from './Modal';

type Props = {
  isOpen?: boolean;
  title: string;
  /** The confirming button's label, naming the step ("Delete zone", "Send now"). */
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A question before a step that cannot be taken back (deleting, reverting, mailing recipients). */
export function ConfirmModal({ isOpen = true, title, confirm, onConfirm, onClose, children }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button type="button" onClick={onClose}>
            {t('actions.cancel')}
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
