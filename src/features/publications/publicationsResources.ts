import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { authActions } from '../auth';
import { fetchPublications, markSeen, type Publication } from './publicationsApi';

export const publicationsResource = registerResource(
  createResource<void, Publication[]>({
    name: 'publications',
    kind: 'read',
    request: () => fetchPublications(),
    failureMessage: () => i18n.t('publications:messages.loadFailed'),
  }),
);

// Spec section 4: a seen publication is removed from the auth data; the list reloads with its flag.
export const publicationSeenResource = registerResource(
  createResource<number, unknown>({
    name: 'publicationSeen',
    kind: 'write',
    method: 'post',
    request: (id) => markSeen(id),
    failureMessage: () => i18n.t('publications:messages.seenFailed'),
    onSuccess: (_data, id) => [authActions.publicationSeen(id), publicationsResource.actions.request()],
  }),
);
