import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import { zoneCreateResource } from '../dnsResources';
import { FieldProblems } from '../../../app/layout/FieldProblems';
import { Actions, Form, Hint, Notice } from './styles';
import '../locale';

type Props = { defaultNameservers: string[]; onClose: () => void; onCreated: (zone: string) => void };

const firstMessage = (value: unknown) =>
  Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';

/** A new zone, Native or Master, with name servers from the installation's settings unless changed. */
export function CreateZoneModal({ defaultNameservers, onClose, onCreated }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const save = useAppSelector(zoneCreateResource.selectors.selectState);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'Native' | 'Master'>('Native');
  const [nameservers, setNameservers] = useState(defaultNameservers.join('\n'));
  const submitted = useRef(false);

  useEffect(() => {
    dispatch(zoneCreateResource.actions.reset());
  }, [dispatch]);

  useEffect(() => {
    if (submitted.current && save.status === 'success' && save.data) onCreated(save.data.name);
  }, [save.status, save.data, onCreated]);

  const send = (existing?: 'take_over' | 'replace') => {
    submitted.current = true;
    const hosts = nameservers
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean);
    const body = { name: name.trim(), kind, nameservers: hosts };
    dispatch(zoneCreateResource.actions.request(existing ? { ...body, existing } : body));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const body = save.status === 'failure' ? save.error?.body : null;
  // The name's zone is still hosted from before its domain was verified here: take it over or replace it.
  const hosted = body?.code === 'zone_hosted';
  const nameError = firstMessage(body?.name);
  const nsError = firstMessage(body?.nameservers);
  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      <PrimaryButton type="submit" form="dns-zone-form" disabled={save.isLoading} aria-busy={save.isLoading}>
        {t('create.submit')}
      </PrimaryButton>
    </>
  );
  return (
    <Modal isOpen onClose={onClose} title={t('create.title')} width={560} footer={footer}>
      <Form id="dns-zone-form" onSubmit={submit} aria-label={t('create.title')} noValidate>
        <label>
          {t('create.name')}
          <input
            value={name}
            required
            maxLength={253}
            autoComplete="off"
            placeholder={t('create.placeholder')}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'dns-zone-name-problem dns-zone-name-hint' : 'dns-zone-name-hint'}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <FieldProblems id="dns-zone-name-problem" messages={[nameError]} />
        {hosted && (
          <Notice as="div" $tone="warning" role="alert">
            <p>{t('create.hosted')}</p>
            <Actions>
              <Button type="button" onClick={() => send('take_over')}>
                {t('create.takeOver')}
              </Button>
              <Button type="button" onClick={() => send('replace')}>
                {t('create.replace')}
              </Button>
            </Actions>
          </Notice>
        )}
        <Hint id="dns-zone-name-hint">{t('create.nameHint')}</Hint>
        <label>
          {t('create.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value as 'Native' | 'Master')}>
            <option value="Native">{t('kinds.Native')}</option>
            <option value="Master">{t('kinds.Master')}</option>
          </select>
        </label>
        <label>
          {t('create.nameservers')}
          <textarea
            rows={3}
            value={nameservers}
            aria-invalid={nsError ? true : undefined}
            aria-describedby={nsError ? 'dns-zone-ns-problem' : undefined}
            onChange={(e) => setNameservers(e.target.value)}
          />
        </label>
        <FieldProblems id="dns-zone-ns-problem" messages={[nsError]} />
        <Hint>{t('create.nameserversHint')}</Hint>
      </Form>
    </Modal>
  );
}
