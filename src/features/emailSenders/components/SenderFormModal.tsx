import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FileField } from '../../../components/FileField';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import { emailSenderLogoDeleteResource, emailSenderSaveResource } from '../emailSendersResources';
import type { EmailSender } from '../emailSendersApi';
import { NetworksEditor } from './NetworksEditor';
import { SenderLogo } from './SenderLogo';

const Form = styled.form`
  display: grid;
  gap: 14px;

  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-weight: 500;
  }

  input {
    padding: 6px 10px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }

  fieldset {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;

// The logo, its file field and "delete logo" wrap onto new lines on a phone rather than squeezing the field.
const LogoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

// Contract 5: png, jpeg, webp or gif, at most 256 KB (no SVG: it can carry script).
export const logoTypes = 'image/png,image/jpeg,image/webp,image/gif';

type Props = { sender: EmailSender | null; onClose: () => void };

/** Create or update an email sender in the spec's steps: sender, logo if chosen, networks. */
export function SenderFormModal({ sender, onClose }: Props) {
  const { t } = useTranslation('emailSenders');
  const dispatch = useAppDispatch();
  const save = useAppSelector(emailSenderSaveResource.selectors.selectState);
  const logoDelete = useAppSelector(emailSenderLogoDeleteResource.selectors.selectState);
  // Mounted per opening (the caller keys it by sender), so the fields start from the sender as it is.
  const [name, setName] = useState(sender?.attributes.name ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [ranges, setRanges] = useState<string[]>(() => sender?.attributes.networks.map((n) => n.range) ?? []);
  const submitted = useRef(false);

  useEffect(() => {
    dispatch(emailSenderSaveResource.actions.reset());
  }, [dispatch]);

  // Close once this form's save succeeded; a failure keeps the form open with the message.
  useEffect(() => {
    if (submitted.current && save.status === 'success') onClose();
  }, [save.status, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    dispatch(
      emailSenderSaveResource.actions.request({
        id: sender ? Number(sender.id) : null,
        name: name.trim(),
        file,
        networks: ranges,
      }),
    );
  };
  const title = sender ? t('form.editTitle', { name: sender.attributes.name }) : t('form.createTitle');
  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      <PrimaryButton
        type="submit"
        form="email-sender-form"
        disabled={save.isLoading || !name.trim()}
        aria-busy={save.isLoading}
      >
        {t('form.save')}
      </PrimaryButton>
    </>
  );
  return (
    <Modal isOpen onClose={onClose} title={title} width={560} footer={footer}>
      <Form id="email-sender-form" onSubmit={submit} aria-label={title}>
        <label>
          {t('form.name')}
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
        </label>
        <LogoRow>
          {sender && <SenderLogo name={sender.attributes.name} logo={sender.attributes.logo} />}
          <FileField
            label={t('form.logo')}
            accept={logoTypes}
            chosen={file ? [file.name] : []}
            onFiles={(files) => setFile(files[0])}
          />
          {sender?.attributes.logo && (
            <Button
              type="button"
              disabled={logoDelete.isLoading}
              onClick={() => dispatch(emailSenderLogoDeleteResource.actions.request(Number(sender.id)))}
            >
              {t('form.deleteLogo')}
            </Button>
          )}
        </LogoRow>
        <NetworksEditor ranges={ranges} onChange={setRanges} disabled={save.isLoading} />
        {save.status === 'failure' && save.error && <ErrorText role="alert">{save.error.message}</ErrorText>}
      </Form>
    </Modal>
  );
}
