import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Modal } from '../../../components/Modal';
import { PercentageBar } from '../../../components/PercentageBar';
import { Button, PrimaryButton } from '../styles';
import { UploadOutcomeText } from './UploadOutcomeText';
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
  word-break: break-all;
`;

type Props = { isOpen: boolean; onClose: () => void; onUploaded: () => void };

/** "Upload reports": choose or drop files, then each file's progress and outcome. */
export function UploadModal({ isOpen, onClose, onUploaded }: Props) {
  const { t } = useTranslation('processedData');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
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
        <label htmlFor={inputId}>{t('upload.choose')}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          disabled={uploads.running}
          onChange={(event) => {
            if (event.target.files) uploads.add(event.target.files);
            if (input.current) input.current.value = '';
          }}
        />
        <span>{t('upload.hint')}</span>
      </Drop>
      {uploads.items.length > 0 && (
        <Files aria-label={t('upload.files')} aria-live="polite">
          {uploads.items.map((item) => (
            <FileRow key={item.key} data-file={item.file.name}>
              <strong>{item.file.name}</strong>
              {item.state === 'waiting' && (
                <Button type="button" onClick={() => uploads.remove(item.key)}>
                  {t('upload.remove', { name: item.file.name })}
                </Button>
              )}
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
    </Modal>
  );
}
