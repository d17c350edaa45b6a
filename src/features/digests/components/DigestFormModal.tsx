import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { ErrorText, ModalForm as Form } from '../../../app/layout/modalForm';
import { Button, PrimaryButton } from '../../../components/Button';
import type { Digest, DigestType } from '../digestsApi';
import { digestSaveResource } from '../digestsResources';
import { bodyOf, emptyForm, formOf, isFixed, type DigestForm, type Language } from '../formState';
import { useDomainChoices } from '../useDomainChoices';
import { ScheduleFields } from './ScheduleFields';
import { ScopeFields } from './ScopeFields';
import { DestinationNote } from '../../recipients';
import '../locale';

// Radios sit beside their text like the checkboxes, without the text inputs' padding.
const DigestFormBox = styled(Form)`
  input[type='radio'],
  fieldset input[type='radio'] {
    width: auto;
    padding: 0;
    flex: none;
  }
`;

type Props = { type: DigestType; digest: Digest | null; onClose: () => void };

/** Every message of a 400's body ({ field: [msg] }), so the form says what to fix. */
function fieldMessages(body: Record<string, unknown> | null): string[] {
  if (!body) return [];
  return Object.values(body)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v) => typeof v === 'string');
}

/** Create or change a report: the spec's fields and flags, the schedule and the quiet-week choice. */
export function DigestFormModal({ type, digest, onClose }: Props) {
  const { t, i18n } = useTranslation('digests');
  const dispatch = useAppDispatch();
  const save = useAppSelector(digestSaveResource.selectors.selectState);
  const fixed = isFixed(type);
  const [form, setForm] = useState<DigestForm>(() =>
    digest
      ? formOf(digest)
      : emptyForm(type, fixed ? t(`organization.${type}`) : '', i18n.language.startsWith('pt') ? 'pt' : 'en'),
  );
  const choices = useDomainChoices(!fixed);
  const submitted = useRef(false);

  useEffect(() => {
    dispatch(digestSaveResource.actions.reset());
  }, [dispatch]);

  // Close once this form's save succeeded; a failure keeps the form open with what to fix.
  useEffect(() => {
    if (submitted.current && save.status === 'success') onClose();
  }, [save.status, onClose]);

  const set = <K extends keyof DigestForm>(key: K, value: DigestForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const body = bodyOf(type, form);
    dispatch(
      digestSaveResource.actions.request(
        digest ? { type, id: Number(digest.id), body } : { type, id: null, body },
      ),
    );
  };

  const title = digest
    ? t('form.editTitle', { name: digest.attributes.name })
    : t(fixed ? `form.setUp.${type}` : 'form.createTitle');
  const problems = save.status === 'failure' ? fieldMessages(save.error?.body ?? null) : [];
  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      <PrimaryButton type="submit" form="digest-form" disabled={save.isLoading} aria-busy={save.isLoading}>
        {t('form.save')}
      </PrimaryButton>
    </>
  );
  const flag = (
    key: 'includeDetailsPerSystem' | 'includeAggregationByIp' | 'includeAggregationBySenderService',
  ) => (
    <label className="check">
      <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {t(`form.flags.${key}`)}
    </label>
  );
  return (
    <Modal isOpen onClose={onClose} title={title} width={640} footer={footer}>
      <DigestFormBox id="digest-form" onSubmit={submit} aria-label={title} noValidate>
        <label>
          {t('form.name')}
          <input value={form.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
        </label>
        <ScheduleFields form={form} fixed={fixed} set={set} />
        {!fixed && <ScopeFields form={form} choices={choices} set={set} />}
        <fieldset>
          <legend>{t('form.sections')}</legend>
          {flag('includeDetailsPerSystem')}
          {flag('includeAggregationByIp')}
          {flag('includeAggregationBySenderService')}
        </fieldset>
        <label>
          {t('form.addresses')}
          <textarea rows={3} value={form.addresses} onChange={(e) => set('addresses', e.target.value)} />
        </label>
        <DestinationNote states={digest?.attributes.destinationStates ?? null} />
        <fieldset>
          <legend>{t('form.quietWeek')}</legend>
          {(['send', 'skip'] as const).map((q) => (
            <label key={q} className="check">
              <input
                type="radio"
                name="digest-quiet"
                value={q}
                checked={form.quietWeek === q}
                onChange={() => set('quietWeek', q)}
              />
              {t(`form.quiet.${q}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('form.language')}
          <select value={form.language} onChange={(e) => set('language', e.target.value as Language)}>
            <option value="en">{t('form.languages.en')}</option>
            <option value="pt">{t('form.languages.pt')}</option>
          </select>
        </label>
        {problems.length > 0 && (
          <ErrorText role="alert">
            {problems.map((p) => (
              <span key={p}>
                {p}
                <br />
              </span>
            ))}
          </ErrorText>
        )}
      </DigestFormBox>
    </Modal>
  );
}
