import type { Wire } from '../../../../contract/casing';
import type {
  currentRecordDocument,
  domainDkimDocument,
  domainIpsDocument,
  historyList,
} from '../../../../contract/domain-info';
import type { Domain } from '../../domains/domainsApi';

// Domain Info answers as the SPA reads them: the contract's schemas (contract/domain-info.ts) after the
// client's camelCase mapping.

export const historyTypes = ['dmarc', 'spf', 'dns', 'ns', 'mtaSts'] as const;
export type HistoryType = (typeof historyTypes)[number];

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
/** The history table's query (UI state, sent as the path and ?page=). */
export type HistoryQuery = { domainId: number; type: HistoryType; page: number };
