import { operation } from '../operation';
import { settingsDocument, settingsPatch } from '../settings';

export const settingsOps = {
  get: operation({
    method: 'GET',
    path: '/api/ph/settings/organization/',
    tag: 'settings',
    summary: "The organization's run-time settings (owner, admin)",
    auth: 'bearer',
    responses: { 200: settingsDocument },
    errors: [400, 401, 403, 404],
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/ph/settings/organization/',
    tag: 'settings',
    summary: 'Change run-time settings; the mailbox password is write-only',
    auth: 'bearer',
    body: settingsPatch,
    responses: { 200: settingsDocument },
    errors: [400, 401, 403, 404],
  }),
};
