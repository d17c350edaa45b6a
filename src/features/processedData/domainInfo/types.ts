import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../../contract/casing';
import type {
  currentRecordDocument,
  domainDkimDocument,
  domainIpsDocument,
  historyList,
  historyParams,
  historyQuery,
} from '../../../../contract/domain-info';
import type { Domain } from '../../domains';

// Domain Info answers as the SPA reads them: the contract's schemas (contract/domain-info.ts) after the
// client's camelCase mapping.

type HistoryPath = z.output<typeof historyParams>;
export type HistoryType = HistoryPath['type'];
/** The history tabs, in the order shown (the contract's record sets). */
export const historyTypes: readonly HistoryType[] = ['dmarc', 'spf', 'dns', 'ns', 'mtaSts'];

/** A domain of the picker: its id and name from the domains list (contract/domains.ts). */
export type DomainOption = Pick<Domain, 'id'> & Pick<Domain['attributes'], 'name'>;
export type CurrentRecord = Wire<typeof currentRecordDocument>['data'];
export type DomainIp = Wire<typeof domainIpsDocument>['data']['ips'][number];
export type DkimSignature = Wire<typeof domainDkimDocument>['data'][number];

/** The Domain Info panel: the four calls of spec §7 put together. */
export type CurrentDomain = {
  dmarc: CurrentRecord;
  spf: CurrentRecord;
  ips: DomainIp[];
  dkim: DkimSignature[];
};

export type HistoryPage = Wire<typeof historyList>;
export type HistoryItem = HistoryPage['data'][number];
export type HistoryAttributes = HistoryItem['attributes'];
/** The history table's request: the domain's id and the record set (the path) and ?page=. */
export type HistoryQuery = HistoryPath & Required<Pick<WireQuery<typeof historyQuery>, 'page'>>;
