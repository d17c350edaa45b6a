import type { PageLinks } from '../../../../contract/jsonapi';

// Domain Info answers once camelCased (contract s2-checks §4, §5).

export const historyTypes = ['dmarc', 'spf', 'dns', 'ns', 'mtaSts'] as const;
export type HistoryType = (typeof historyTypes)[number];

export type DomainOption = { id: number; name: string };
export type CurrentRecord = { domain: string; record: string | null; checkedAt: string | null };
export type DomainIp = { ip: string; source: 'A' | 'AAAA' | 'MX'; host: string };
export type DkimSignature = {
  selector: string;
  domain: string;
  source: 'reports' | 'dns' | 'both';
  keyType: string | null;
  keyBits: number | null;
  testing: boolean;
  lastSeen: string | null;
};

export type CurrentDomain = {
  dmarc: CurrentRecord;
  spf: CurrentRecord;
  ips: DomainIp[];
  dkim: DkimSignature[];
};

export type HistoryItem = { type: string; id: string | number; attributes: HistoryAttributes };
export type HistoryAttributes = { date: string; type: string; ttl: number; content: string };
export type HistoryPage = { data: HistoryItem[]; links: PageLinks; meta: { count: number; pages?: number } };
export type HistoryQuery = { domainId: number; type: HistoryType; page: number };
