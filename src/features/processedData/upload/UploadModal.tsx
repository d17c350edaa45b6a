import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FileField } from '../../../components/FileField';
import { Modal } from '../../../components/Modal';
import { PercentageBar } from '../../../components/PercentageBar';
import { focusRing } from '../../../components/focusRing';
import { Button, PrimaryButton } from '../../../components/Button';
import { AddDomainsOffer } from './AddDomainsOffer';
import { UploadOutcomeText } from './UploadOutcomeText';
import { UploadTotals } from './UploadTotals';
import { useUploads } from './useUploads';

const Drop = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: center;
  padding: 20px;
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  text-align: center;
`;

// In the drop zone the field's lines are centred like the zone's own text.
const DropField = styled(FileField)`
  align-items: center;

  > div {
    justify-content: center;
  }
`;

const Files = styled.ul`
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const FileRow = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const FileHead = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  justify-content: space-between;

  strong {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** A compact "remove" beside the file's name: an × with the file named for screen readers. */
const RemoveButton = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  padding: 0;
  line-height: 1;
  font-size: 1.1rem;
  color: ${({ theme }) => theme.colors.text};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  cursor: pointer;
  ${focusRing}
`;

type Props = { isOpen: boolean; onClose: () => void; onUploaded: () => void };

/** "Upload reports": choose or drop files, then each file's progress and outcome. */
export function UploadModal({ isOpen, onClose, onUploaded }: Props) {
  const { t } = useTranslation('processedData');
  const [dragging, setDragging] = useState(false);
  const uploads = useUploads(t('upload.failed'));
  const waiting = uploads.items.filter((i) => i.state === 'waiting').length;

  const close = () => {
    if (uploads.running) return;
    uploads.clear();
    onClose();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploads.running) uploads.add(event.dataTransfer.files);
  };
  const send = async () => {
    const sent = await uploads.start();
    if (sent > 0) onUploaded();
  };
  const resend = async (keys: string[]) => {
    const sent = await uploads.retry(keys);
    if (sent > 0) onUploaded();
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={t('upload.title')}
      width={620}
      footer={
        <>
          <Button type="button" onClick={close} disabled={uploads.running}>
            {t('upload.close')}
          </Button>
          <PrimaryButton
            type="button"
            onClick={() => void send()}
            disabled={uploads.running || waiting === 0}
            aria-busy={uploads.running}
          >
            {uploads.running ? t('upload.sending') : t('upload.send', { count: waiting })}
          </PrimaryButton>
        </>
      }
    >
      <Drop
        $active={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-drop"
      >
        <DropField
          label={t('upload.field')}
          hint={t('upload.hint')}
          multiple
          disabled={uploads.running}
          chosen={uploads.items.map((item) => item.file.name)}
          onFiles={uploads.add}
        />
      </Drop>
      {uploads.items.length > 0 && (
        <Files aria-label={t('upload.files')} aria-live="polite">
          {uploads.items.map((item) => (
            <FileRow key={item.key} data-file={item.file.name}>
              <FileHead>
                <strong>{item.file.name}</strong>
                {item.state === 'waiting' && (
                  <RemoveButton
                    type="button"
                    aria-label={t('upload.remove', { name: item.file.name })}
                    title={t('upload.remove', { name: item.file.name })}
                    onClick={() => uploads.remove(item.key)}
                  >
                    <span aria-hidden="true">×</span>
                  </RemoveButton>
                )}
              </FileHead>
              {item.state === 'uploading' && (
                <PercentageBar
                  value={item.progress * 100}
                  label={t('upload.progress', { name: item.file.name })}
                />
              )}
              {item.state === 'done' && item.outcome && <UploadOutcomeText outcome={item.outcome} />}
              {item.state === 'failed' && <span role="alert">{item.error}</span>}
            </FileRow>
          ))}
        </Files>
      )}
      <UploadTotals items={uploads.items} />
      <AddDomainsOffer
        items={uploads.items}
        disabled={uploads.running}
        onAdded={(keys) => void resend(keys)}
      />
    </Modal>
  );
}
