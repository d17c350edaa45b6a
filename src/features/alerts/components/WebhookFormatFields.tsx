import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookFormats, type WebhookFormat } from '../../../../contract/alerts';
import type { AlertForm } from '../formState';
import type { FieldName } from '../problems';
import '../locale';

type Props = {
  form: AlertForm;
  hasRoutingKey: boolean;
  set: <K extends keyof AlertForm>(key: K, value: AlertForm[K]) => void;
  field: (name: FieldName) => object;
  below: (name: FieldName) => ReactNode;
};

/**
 * The webhook's format (generic JSON, Slack, Microsoft Teams, PagerDuty Events v2) and, for PagerDuty, its
 * routing key: write-only, so a stored one shows as set (masked) and an empty field keeps it.
 */
export function WebhookFormatFields({ form, hasRoutingKey, set, field, below }: Props) {
  const { t } = useTranslation('alerts');
  return (
    <>
      <label>
        {t('webhookFormats.label')}
        <select
          value={form.webhookFormat}
          onChange={(e) => set('webhookFormat', e.target.value as WebhookFormat)}
          {...field('webhookFormat')}
        >
          {webhookFormats.map((f) => (
            <option key={f} value={f}>
              {t(`webhookFormats.${f}`)}
            </option>
          ))}
        </select>
      </label>
      {below('webhookFormat')}
      {form.webhookFormat === 'pagerduty' && (
        <label>
          {hasRoutingKey ? t('webhookFormats.routingKeyKept') : t('webhookFormats.routingKey')}
          <input
            type="password"
            autoComplete="off"
            placeholder={hasRoutingKey ? '••••••••••••••••' : undefined}
            value={form.webhookRoutingKey}
            onChange={(e) => set('webhookRoutingKey', e.target.value)}
            {...field('webhookRoutingKey')}
          />
        </label>
      )}
      {form.webhookFormat === 'pagerduty' && below('webhookRoutingKey')}
    </>
  );
}
