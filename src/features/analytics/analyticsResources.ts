import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import type { FilterState } from '../filter';
import { analyticsLists, fetchList, fetchOverview, type ListOp } from './analyticsApi';
import { fetchSenderDetails, type MergedDetail } from './senderDetails';
import type {
  AnalyticsList,
  DomainRow,
  IpRow,
  ListParams,
  MessageRow,
  Overview,
  SenderAssociation,
  SenderServiceRow,
} from './types';

// Reads: each list shows its error in place with a retry; only the catalogue's lists also toast.

function listResource<A>(name: string, url: ListOp, failure?: () => string) {
  return registerResource(
    createResource<ListParams, AnalyticsList<A>>({
      name,
      kind: 'read',
      request: (params, { signal }) => fetchList<A>(url, params, signal),
      failureMessage: failure,
    }),
  );
}

export const overviewResource = registerResource(
  createResource<FilterState, Overview>({
    name: 'analyticsOverview',
    kind: 'read',
    request: (filter, { signal }) => fetchOverview(filter, signal),
  }),
);

export const byDomainResource = listResource<DomainRow>('aggregatedByDomain', analyticsLists.byDomain);
export const byIpResource = listResource<IpRow>('aggregatedByIp', analyticsLists.byIp);
export const bySenderServiceResource = listResource<SenderServiceRow>(
  'aggregatedBySenderService',
  analyticsLists.bySenderService,
);
export const messagesResource = listResource<MessageRow>('analyticsMessages', analyticsLists.messages);
export const senderAssociationsResource = listResource<SenderAssociation>(
  'senderAssociations',
  analyticsLists.senderAssociations,
  // Spec section 8, word for word.
  () => i18n.t('messages.associationsFailed', { ns: 'emailSenders' }),
);

export const senderDetailsResource = registerResource(
  createResource<ListParams, AnalyticsList<MergedDetail>>({
    name: 'senderDetails',
    kind: 'read',
    request: (params, { signal }) => fetchSenderDetails(params, signal),
  }),
);
