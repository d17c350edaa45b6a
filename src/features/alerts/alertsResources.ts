import { bodyMessages, errorBody } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as alertsApi from './alertsApi';
import type {
  Alert,
  AlertCreate,
  AlertPage,
  AlertPatch,
  AlertsQuery,
  Condition,
  FiringPage,
  FiringsQuery,
} from './alertsApi';
import { alertParams } from './errorParams';
import './locale';

const t = (key: string) => i18n.t(key, { ns: 'alerts' });

export const alertsResource = registerResource(
  createResource<AlertsQuery, AlertPage>({
    name: 'alerts',
    kind: 'read',
    request: (q, { signal }) => alertsApi.fetchAlerts(q, signal),
    failureMessage: () => t('messages.listFailed'),
  }),
);

export const conditionsResource = registerResource(
  createResource<void, Condition[]>({
    name: 'alertConditions',
    kind: 'read',
    request: (_p, { signal }) => alertsApi.fetchConditions(signal),
    failureMessage: () => t('messages.conditionsFailed'),
  }),
);

export const firingsResource = registerResource(
  createResource<FiringsQuery, FiringPage>({
    name: 'alertFirings',
    kind: 'read',
    request: (q, { signal }) => alertsApi.fetchFirings(q, signal),
    failureMessage: () => t('messages.firingsFailed'),
  }),
);

// A change reloads the list at page 1, as the other lists of the console do.
const reloadFirstPage = () => alertsResource.actions.request({ page: 1 });

/** Spec section 7: the 400's field errors joined (in the reader's language), else the catalogue message. */
function fieldErrors(error: unknown, fallback: string) {
  const messages = bodyMessages(errorBody(error), alertParams(i18n.getFixedT(null, 'alerts')));
  return messages.length ? messages.join(' ') : fallback;
}

export type AlertSave = { id: null; body: AlertCreate } | { id: number; body: AlertPatch };

export const alertSaveResource = registerResource(
  createResource<AlertSave, Alert>({
    name: 'alertSave',
    kind: 'write',
    method: (p) => (p.id === null ? 'post' : 'patch'),
    request: (p) => (p.id === null ? alertsApi.createAlert(p.body) : alertsApi.updateAlert(p.id, p.body)),
    successMessage: (_d, p) => t(p.id === null ? 'messages.created' : 'messages.updated'),
    failureMessage: (error, p) =>
      fieldErrors(error, t(p.id === null ? 'messages.createFailed' : 'messages.updateFailed')),
    onSuccess: reloadFirstPage,
  }),
);

/** The list's switch: a PATCH of is_active alone, with its own toast. */
export const alertToggleResource = registerResource(
  createResource<{ id: number; isActive: boolean }, Alert>({
    name: 'alertToggle',
    kind: 'write',
    method: 'patch',
    request: ({ id, isActive }) => alertsApi.updateAlert(id, { is_active: isActive }),
    successMessage: (d) => t(d.attributes.isActive ? 'messages.enabled' : 'messages.disabled'),
    failureMessage: (error) => fieldErrors(error, t('messages.updateFailed')),
    onSuccess: reloadFirstPage,
  }),
);

export const alertDeleteResource = registerResource(
  createResource<number, void>({
    name: 'alertDelete',
    kind: 'write',
    method: 'delete',
    request: (id) => alertsApi.deleteAlert(id),
    successMessage: () => t('messages.deleted'),
    failureMessage: () => t('messages.deleteFailed'),
    onSuccess: reloadFirstPage,
  }),
);
