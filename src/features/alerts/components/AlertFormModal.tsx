import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { timeFrames } from '../../../../contract/alerts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FieldProblems } from '../../../app/layout/FieldProblems';
import { ErrorText, Hint, ModalForm as Form } from '../../../app/layout/modalForm';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import { alertSaveResource, conditionsResource } from '../alertsResources';
import type { Alert } from '../alertsApi';
import {
  backtestBodyOf,
  bodyOf,
  emptyForm,
  formOf,
  needsTarget,
  paramsFor,
  type AlertForm,
  type ScopeType,
} from '../formState';
import { noProblems, problemsOf, type FieldName } from '../problems';
import { WebhookFormatFields } from './WebhookFormatFields';
import { alertParams } from '../errorParams';
import { useBacktest } from '../useBacktest';
import { useScopeTargets } from '../useScopeTargets';
import { BacktestPanel } from './BacktestPanel';
import { ParamsFields } from './ParamsFields';
import { TargetField } from './TargetField';
import '../locale';
import { DestinationNote } from '../../recipients';

const scopeOrder: ScopeType[] = ['domain', 'domain_group', 'organization', 'ip'];

type Props = { alert: Alert | null; onClose: () => void };

/** Create or change a rule; the form is the catalogue's, and the backtest follows it as it changes. */
export function AlertFormModal({ alert, onClose }: Props) {
  const { t } = useTranslation('alerts');
  const dispatch = useAppDispatch();
  const save = useAppSelector(alertSaveResource.selectors.selectState);
  const conditions = useAppSelector(conditionsResource.selectors.selectData) ?? [];
  // Mounted per opening (the caller keys it by rule), so the fields start from the rule as it is.
  const [form, setForm] = useState<AlertForm>(() => (alert ? formOf(alert) : emptyForm()));
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const targets = useScopeTargets(form.scopeType);
  const usable = conditions.filter((c) => c.attributes.scopeTypes.includes(form.scopeType));
  const condition = conditions.find((c) => c.id === form.condition);
  const params = paramsFor(condition, form.params);
  const complete = !needsTarget(form.scopeType) || form.target.trim() !== '';
  const backtest = useBacktest(complete && condition ? backtestBodyOf({ ...form, params }) : null);

  useEffect(() => {
    dispatch(alertSaveResource.actions.reset());
  }, [dispatch]);

  // Close once this form's save succeeded; a failure keeps the form open with the message.
  useEffect(() => {
    if (submitted.current && save.status === 'success') onClose();
  }, [save.status, onClose]);

  // Each message of a refused save under its field, in the reader's language; the first field in error
  // takes the focus, so a keyboard or screen reader user lands on what to fix.
  const shown: FieldName[] = [
    'name',
    'condition',
    'addresses',
    'cooldown',
    'webhookUrl',
    ...(needsTarget(form.scopeType) ? (['target'] as const) : []),
    ...(condition?.attributes.usesTimeFrame === false ? [] : (['timeFrame'] as const)),
    ...(form.webhookUrl.trim() !== '' ? (['webhookSecret', 'webhookFormat'] as const) : []),
    ...(form.webhookUrl.trim() !== '' && form.webhookFormat === 'pagerduty'
      ? (['webhookRoutingKey'] as const)
      : []),
  ];
  const failure = save.status === 'failure' ? save.error : null;
  const problems = failure
    ? problemsOf(failure.body, alertParams(t), {
        fields: shown,
        params: Object.keys(params),
      })
    : noProblems;
  const placed = Object.keys(problems.fields).length + Object.keys(problems.params).length > 0;
  const rest = problems.rest.length > 0 || placed || !failure ? problems.rest : [failure.message];
  const field = (name: FieldName) =>
    problems.fields[name] ? { 'aria-invalid': true, 'aria-describedby': `alert-${name}-problem` } : {};
  const below = (name: FieldName) => (
    <FieldProblems id={`alert-${name}-problem`} messages={problems.fields[name] ?? []} />
  );

  useEffect(() => {
    if (!failure || !submitted.current) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  const set = <K extends keyof AlertForm>(key: K, value: AlertForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setScope = (scopeType: ScopeType) =>
    setForm((f) => {
      // A condition that cannot watch the new scope gives way to the first that can.
      const fits = conditions.find((c) => c.id === f.condition)?.attributes.scopeTypes.includes(scopeType);
      const first = conditions.find((c) => c.attributes.scopeTypes.includes(scopeType));
      return { ...f, scopeType, target: '', condition: fits || !first ? f.condition : first.id, params: {} };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const body = bodyOf({ ...form, params });
    dispatch(alertSaveResource.actions.request(alert ? { id: Number(alert.id), body } : { id: null, body }));
  };

  const title = alert
    ? t('form.editTitle', { name: alert.attributes.name || t('list.unnamed') })
    : t('form.createTitle');
  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      <PrimaryButton type="submit" form="alert-form" disabled={save.isLoading} aria-busy={save.isLoading}>
        {t('form.save')}
      </PrimaryButton>
    </>
  );
  return (
    <Modal isOpen onClose={onClose} title={title} width={640} footer={footer}>
      <Form ref={formRef} id="alert-form" onSubmit={submit} aria-label={title} noValidate>
        <label>
          {t('form.name')}
          <input
            value={form.name}
            maxLength={120}
            onChange={(e) => set('name', e.target.value)}
            {...field('name')}
          />
        </label>
        {below('name')}
        <label>
          {t('form.scopeType')}
          <select value={form.scopeType} onChange={(e) => setScope(e.target.value as ScopeType)}>
            {scopeOrder.map((s) => (
              <option key={s} value={s}>
                {t(`scope.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <TargetField
          form={form}
          targets={targets}
          problems={problems.fields.target ?? []}
          onChange={(v) => set('target', v)}
        />
        <label>
          {t('form.condition')}
          <select
            value={form.condition}
            onChange={(e) =>
              setForm((f) => ({ ...f, condition: e.target.value as AlertForm['condition'], params: {} }))
            }
            {...field('condition')}
          >
            {usable.map((c) => (
              <option key={c.id} value={c.id}>
                {t(`conditions.${c.id}`, { defaultValue: c.attributes.label })}
              </option>
            ))}
          </select>
        </label>
        {below('condition')}
        {condition && (
          <Hint>
            {t(`conditionHelp.${condition.id}`, { defaultValue: condition.attributes.description })}
          </Hint>
        )}
        <ParamsFields
          condition={condition}
          values={params}
          problems={problems.params}
          onChange={(name, value) => setForm((f) => ({ ...f, params: { ...params, [name]: value } }))}
        />
        {condition?.attributes.usesTimeFrame === false ? (
          <Hint>{t('form.ownWindow')}</Hint>
        ) : (
          <label>
            {t('form.timeFrame')}
            <select
              value={form.timeFrame}
              onChange={(e) => set('timeFrame', e.target.value as AlertForm['timeFrame'])}
              {...field('timeFrame')}
            >
              {timeFrames.map((f) => (
                <option key={f} value={f}>
                  {t(`timeFrames.${f}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {below('timeFrame')}
        <BacktestPanel state={backtest} />
        <label>
          {t('form.addresses')}
          <textarea
            rows={3}
            value={form.addresses}
            onChange={(e) => set('addresses', e.target.value)}
            {...field('addresses')}
          />
        </label>
        {below('addresses')}
        <DestinationNote states={alert?.attributes.destinationStates ?? null} />
        <label>
          {t('form.cooldown')}
          <input
            type="number"
            inputMode="numeric"
            min={5}
            max={43200}
            value={form.cooldown}
            onChange={(e) => set('cooldown', e.target.value)}
            {...field('cooldown')}
          />
        </label>
        {below('cooldown')}
        <label>
          {t('form.webhookUrl')}
          <input
            type="url"
            value={form.webhookUrl}
            onChange={(e) => set('webhookUrl', e.target.value)}
            {...field('webhookUrl')}
          />
        </label>
        {below('webhookUrl')}
        {form.webhookUrl.trim() !== '' && (
          <label>
            {alert?.attributes.hasWebhookSecret ? t('form.webhookSecretKept') : t('form.webhookSecret')}
            <input
              type="password"
              autoComplete="new-password"
              value={form.webhookSecret}
              onChange={(e) => set('webhookSecret', e.target.value)}
              {...field('webhookSecret')}
            />
          </label>
        )}
        {below('webhookSecret')}
        {form.webhookUrl.trim() !== '' && (
          <WebhookFormatFields
            form={form}
            hasRoutingKey={alert?.attributes.hasWebhookRoutingKey ?? false}
            set={set}
            field={field}
            below={below}
          />
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={form.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
          />
          {t('form.active')}
        </label>
        {rest.length > 0 && <ErrorText role="alert">{rest.join(' ')}</ErrorText>}
      </Form>
    </Modal>
  );
}
