import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { Field } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { TextField } from '../../../components/TextField';
import type { OrganizationSettings } from '../settingsApi';
import { saveSettingsResource } from '../settingsResources';
import { formatDateTime } from '../../../i18n/format';

export function DynamicSettingsForm({ settings }: { settings: OrganizationSettings }) {
  const { t, i18n } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { isLoading, error } = useAppSelector(saveSettingsResource.selectors.selectState);
  const mailbox = settings.ruaMailbox;
  const [language, setLanguage] = useState(settings.defaultLanguage);
  const [theme, setTheme] = useState(settings.layoutTheme);
  const [retention, setRetention] = useState(String(settings.retentionDays));
  const [addresses, setAddresses] = useState(settings.alertDefaults.destinationAddresses.join(', '));
  const [alertsActive, setAlertsActive] = useState(settings.alertDefaults.isActive);
  const [host, setHost] = useState(mailbox.host ?? '');
  const [port, setPort] = useState(mailbox.port ? String(mailbox.port) : '');
  const [username, setUsername] = useState(mailbox.username ?? '');
  const [password, setPassword] = useState('');
  const [folder, setFolder] = useState(mailbox.folder);
  const [tls, setTls] = useState(mailbox.tls);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(
      saveSettingsResource.actions.request({
        default_language: language,
        layout_theme: theme,
        retention_days: Number(retention),
        alert_defaults: {
          destination_addresses: addresses.split(/[,\s]+/).filter(Boolean),
          is_active: alertsActive,
        },
        rua_mailbox: {
          host: host.trim() || null,
          port: port ? Number(port) : null,
          username: username.trim() || null,
          ...(password ? { password } : {}),
          tls,
          folder: folder.trim() || 'INBOX',
        },
      }),
    );
  };
  const body = error?.body;
  return (
    <form onSubmit={submit} noValidate>
      <Field>
        <label htmlFor="dyn-language">{t('dynamic.language')}</label>
        <SelectControl
          id="dyn-language"
          value={language}
          onChange={(e) => setLanguage(e.target.value as typeof language)}
        >
          <option value="en">{t('dynamic.languages.en')}</option>
          <option value="pt">{t('dynamic.languages.pt')}</option>
        </SelectControl>
      </Field>
      <Field>
        <label htmlFor="dyn-theme">{t('dynamic.theme')}</label>
        <SelectControl
          id="dyn-theme"
          value={theme}
          onChange={(e) => setTheme(e.target.value as typeof theme)}
        >
          <option value="primaryTheme">{t('dynamic.themes.primaryTheme')}</option>
          <option value="carrierTheme">{t('dynamic.themes.carrierTheme')}</option>
        </SelectControl>
      </Field>
      <TextField
        id="dyn-retention"
        label={t('dynamic.retention', { max: settings.maxRetentionDays })}
        value={retention}
        onChange={setRetention}
        inputMode="numeric"
        errors={body?.retention_days}
      />
      <fieldset>
        <legend>{t('dynamic.alerts')}</legend>
        <TextField
          id="dyn-alert-addresses"
          label={t('dynamic.alertAddresses')}
          value={addresses}
          onChange={setAddresses}
        />
        <label>
          <input type="checkbox" checked={alertsActive} onChange={(e) => setAlertsActive(e.target.checked)} />{' '}
          {t('dynamic.alertsActive')}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('dynamic.mailbox')}</legend>
        <p role="status">
          {mailbox.lastPollAt
            ? t('dynamic.lastPoll', {
                date: formatDateTime(mailbox.lastPollAt, i18n.language),
                status: mailbox.lastPollStatus ?? '',
              })
            : t('dynamic.neverPolled')}
        </p>
        <TextField id="dyn-host" label={t('dynamic.host')} value={host} onChange={setHost} />
        <TextField
          id="dyn-port"
          label={t('dynamic.port')}
          value={port}
          onChange={setPort}
          inputMode="numeric"
        />
        <TextField
          id="dyn-username"
          label={t('dynamic.username')}
          value={username}
          onChange={setUsername}
          autoComplete="off"
        />
        <Field>
          <label htmlFor="dyn-password">
            {mailbox.passwordSet ? t('dynamic.passwordSet') : t('dynamic.password')}
          </label>
          <input
            id="dyn-password"
            type="password"
            value={password}
            autoComplete="new-password"
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <TextField id="dyn-folder" label={t('dynamic.folder')} value={folder} onChange={setFolder} />
        <label>
          <input type="checkbox" checked={tls} onChange={(e) => setTls(e.target.checked)} />{' '}
          {t('dynamic.tls')}
        </label>
      </fieldset>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('dynamic.save')}
      </LoadingButton>
    </form>
  );
}
