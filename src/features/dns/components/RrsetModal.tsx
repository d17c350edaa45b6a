import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import type { Rrset } from '../dnsApi';
import { checkForm, formOf, type FormProblems, type RrsetForm } from '../rrsetForm';
import { editableTypes, type Problem } from '../validate';
import { FieldProblems } from '../../../app/layout/FieldProblems';
import { Actions, Form, Hint } from './styles';
import '../locale';

type Props = {
  zone: string;
  original: Rrset | null;
  exists: (key: string) => boolean;
  typesAt: (name: string) => string[];
  /** PowerDNS's or the server's messages from the last apply, shown on their fields. */
  serverProblems: { message: string; record: number | null }[];
  onSave: (rrset: Rrset) => void;
  onClose: () => void;
};

/** Add a record set, or change one: its TTL, records (each can be disabled) and comment. */
export function RrsetModal({ zone, original, exists, typesAt, serverProblems, onSave, onClose }: Props) {
  const { t } = useTranslation('dns');
  const [form, setForm] = useState<RrsetForm>(() => formOf(original, zone));
  const [problems, setProblems] = useState<FormProblems>({});
  const say = (p: Problem | undefined) => (p ? t(p.key, p.values) : '');
  const set = <K extends keyof RrsetForm>(key: K, value: RrsetForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setRecord = (j: number, patch: Partial<RrsetForm['records'][number]>) =>
    set(
      'records',
      form.records.map((r, i) => (i === j ? { ...r, ...patch } : r)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(form, { zone, original, exists, typesAt });
    if ('problems' in checked) setProblems(checked.problems);
    else onSave(checked.rrset);
  };

  const title = original
    ? t('rrset.editTitle', { name: original.name, type: original.type })
    : t('rrset.addTitle');
  const fromServer = (record: number | null) =>
    serverProblems.filter((p) => p.record === record).map((p) => p.message);
  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      <PrimaryButton type="submit" form="dns-rrset-form">
        {t('rrset.keep')}
      </PrimaryButton>
    </>
  );
  return (
    <Modal isOpen onClose={onClose} title={title} width={640} footer={footer}>
      <Form id="dns-rrset-form" onSubmit={submit} aria-label={title} noValidate>
        <FieldProblems id="dns-rrset-problem" messages={fromServer(null)} />
        <label>
          {t('rrset.name')}
          <input
            value={form.name}
            disabled={!!original}
            autoComplete="off"
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={problems.name ? 'dns-rrset-name-problem' : undefined}
            onChange={(e) => set('name', e.target.value)}
          />
        </label>
        <FieldProblems id="dns-rrset-name-problem" messages={[say(problems.name)]} />
        {!original && <Hint>{t('rrset.nameHint', { zone })}</Hint>}
        <label>
          {t('rrset.type')}
          <select
            value={form.type}
            disabled={!!original}
            aria-describedby={problems.type ? 'dns-rrset-type-problem' : undefined}
            onChange={(e) => set('type', e.target.value)}
          >
            {editableTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <FieldProblems id="dns-rrset-type-problem" messages={[say(problems.type)]} />
        <label>
          {t('rrset.ttl')}
          <input
            value={form.ttl}
            inputMode="numeric"
            aria-invalid={problems.ttl ? true : undefined}
            aria-describedby={problems.ttl ? 'dns-rrset-ttl-problem' : undefined}
            onChange={(e) => set('ttl', e.target.value)}
          />
        </label>
        <FieldProblems id="dns-rrset-ttl-problem" messages={[say(problems.ttl)]} />
        <fieldset>
          <legend>{t('rrset.records')}</legend>
          <FieldProblems id="dns-rrset-records-problem" messages={[say(problems.records)]} />
          {form.records.map((r, j) => {
            const said = [say(problems[`records.${j}`]), ...fromServer(j)].filter(Boolean);
            const problemId = `dns-rrset-record-${j}-problem`;
            const label = t('rrset.content', { n: j + 1 });
            return (
              <div key={j}>
                <label>
                  {label}
                  <input
                    value={r.content}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={t(`placeholders.${form.type}`, '')}
                    aria-invalid={said.length > 0 ? true : undefined}
                    aria-describedby={said.length > 0 ? problemId : undefined}
                    onChange={(e) => setRecord(j, { content: e.target.value })}
                  />
                </label>
                <FieldProblems id={problemId} messages={said} />
                <Actions>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={r.disabled}
                      onChange={(e) => setRecord(j, { disabled: e.target.checked })}
                    />
                    {t('rrset.disable', { n: j + 1 })}
                  </label>
                  <Button
                    type="button"
                    onClick={() =>
                      set(
                        'records',
                        form.records.filter((_, i) => i !== j),
                      )
                    }
                    aria-label={t('rrset.removeRecordOf', { n: j + 1 })}
                  >
                    {t('rrset.removeRecord')}
                  </Button>
                </Actions>
              </div>
            );
          })}
          <div>
            <Button
              type="button"
              onClick={() => set('records', [...form.records, { content: '', disabled: false }])}
            >
              {t('rrset.addRecord')}
            </Button>
          </div>
        </fieldset>
        <label>
          {t('rrset.comment')}
          <input value={form.comment} maxLength={1000} onChange={(e) => set('comment', e.target.value)} />
        </label>
      </Form>
    </Modal>
  );
}
