import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FileField } from '../../../components/FileField';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import type { Zone } from '../dnsApi';
import { fileProblems, importPreviewResource, zoneImportResource } from '../zoneFileResources';
import { RrsetChange } from './RrsetChange';
import { Cards, FieldError, Form, Hint, Notice } from './styles';
import '../locale';

type Props = { zone: Zone; onClose: () => void };

// A zone file lines up in columns: it is written in the code font (&& outweighs the form's own textarea rule).
const FileText = styled.textarea`
  && {
    font-family: ui-monospace, monospace;
    font-size: 0.88rem;
  }
`;

/**
 * Import a BIND master file: paste it or pick a file, see what it changes per rrset (only the rrsets the file
 * holds are replaced), then apply it as one change set against the version the preview was made on.
 */
export function ImportModal({ zone, onClose }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const preview = useAppSelector(importPreviewResource.selectors.selectState);
  const apply = useAppSelector(zoneImportResource.selectors.selectState);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [step, setStep] = useState<'file' | 'review'>('file');
  const asked = useRef<'preview' | 'apply' | null>(null);

  useEffect(() => {
    dispatch(importPreviewResource.actions.reset());
    dispatch(zoneImportResource.actions.reset());
  }, [dispatch]);

  useEffect(() => {
    if (asked.current === 'preview' && preview.status === 'success') setStep('review');
    if (asked.current === 'apply' && apply.status === 'success') onClose();
    // A 409: someone changed these rrsets since the preview; preview again against the zone as it is now.
    if (asked.current === 'apply' && apply.status === 'failure' && apply.error?.status === 409) {
      asked.current = 'preview';
      dispatch(importPreviewResource.actions.request({ zone: zone.name, text }));
    }
  }, [preview.status, apply.status, apply.error, onClose, dispatch, zone.name, text]);

  const readFile = async (file: File) => {
    setFileName(file.name);
    setText(await file.text());
  };
  const requestPreview = () => {
    asked.current = 'preview';
    dispatch(importPreviewResource.actions.request({ zone: zone.name, text }));
  };
  const requestApply = () => {
    if (!preview.data) return;
    asked.current = 'apply';
    dispatch(
      zoneImportResource.actions.request({ zone: zone.name, body: { text, version: preview.data.version } }),
    );
  };

  const problems = [
    ...(preview.status === 'failure' ? fileProblems(preview.error?.body) : []),
    ...(apply.status === 'failure' ? fileProblems(apply.error?.body) : []),
  ];
  const changes = preview.data?.changes ?? [];
  const busy = preview.isLoading || apply.isLoading;
  const footer =
    step === 'file' ? (
      <>
        <Button type="button" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <PrimaryButton type="submit" form="dns-import-form" disabled={busy || !text.trim()} aria-busy={busy}>
          {t('import.preview')}
        </PrimaryButton>
      </>
    ) : (
      <>
        <Button type="button" onClick={() => setStep('file')}>
          {t('import.back')}
        </Button>
        <PrimaryButton
          type="button"
          onClick={requestApply}
          disabled={busy || changes.length === 0}
          aria-busy={busy}
        >
          {t('import.apply', { count: changes.length })}
        </PrimaryButton>
      </>
    );
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('import.title', { zone: zone.name })}
      width={720}
      footer={footer}
    >
      {problems.length > 0 && (
        // The alert around the list, not on it: role="alert" on the <ul> would take its list semantics away.
        <div role="alert" aria-label={t('import.problems')}>
          <ul>
            {problems.map((p) => (
              <li key={p}>
                <FieldError>{p}</FieldError>
              </li>
            ))}
          </ul>
        </div>
      )}
      {step === 'file' ? (
        <Form
          id="dns-import-form"
          aria-label={t('import.title', { zone: zone.name })}
          onSubmit={(e) => {
            e.preventDefault();
            requestPreview();
          }}
        >
          <Hint>{t('import.hint')}</Hint>
          <FileField
            label={t('import.file')}
            accept=".zone,.txt,.db,text/plain"
            chosen={fileName ? [fileName] : []}
            onFiles={(files) => void readFile(files[0])}
          />
          <label>
            {t('import.text')}
            <FileText
              rows={12}
              value={text}
              spellCheck={false}
              aria-invalid={problems.length ? true : undefined}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        </Form>
      ) : (
        <>
          {apply.error?.status === 409 && <Notice $tone="warning">{t('messages.stale')}</Notice>}
          {!!preview.data?.unchanged && <p>{t('import.unchanged', { count: preview.data.unchanged })}</p>}
          {changes.length === 0 ? (
            <p>{t('review.nothing')}</p>
          ) : (
            <Cards aria-label={t('import.changes')}>
              {changes.map((c) => (
                <li key={`${c.name}/${c.type}`}>
                  <RrsetChange zone={zone.name} {...c} />
                </li>
              ))}
            </Cards>
          )}
        </>
      )}
    </Modal>
  );
}
