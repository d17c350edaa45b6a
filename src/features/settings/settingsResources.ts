import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as settingsApi from './settingsApi';

const t = (key: string) => i18n.t(key, { ns: 'settings' });

export const auditResource = registerResource(
  createResource<settingsApi.AuditFilter, settingsApi.AuditPage>({
    name: 'auditOperations',
    kind: 'read',
    request: (filter) => settingsApi.fetchAudit(filter),
    failureMessage: (error) => errorMessage(error, t('audit.loadFailed'), { from: ['detail', 'allFields'] }),
  }),
);

export const organizationSettingsResource = registerResource(
  createResource<void, settingsApi.OrganizationSettings>({
    name: 'organizationSettings',
    kind: 'read',
    request: () => settingsApi.fetchOrganizationSettings(),
    failureMessage: (error) => errorMessage(error, t('dynamic.loadFailed'), { from: 'detail' }),
  }),
);

export const saveSettingsResource = registerResource(
  createResource<settingsApi.SettingsPatch, settingsApi.OrganizationSettings>({
    name: 'organizationSettingsSave',
    kind: 'write',
    method: 'patch',
    request: (patch) => settingsApi.saveOrganizationSettings(patch),
    successMessage: () => t('dynamic.saved'),
    failureMessage: (error) =>
      errorMessage(error, t('dynamic.saveFailed'), { from: ['allFields', 'detail'] }),
    onSuccess: (data) => organizationSettingsResource.actions.change(data),
  }),
);
