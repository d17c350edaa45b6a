import type { CheckWarning } from '../score/warning';
import type { ReportDestination } from './destinations';
import type { WalkStep } from './discovery';
import type { DmarcTag } from './parse';
import type { TagName } from './tags';

// The "DMARC result" of product spec section 3 (record, location, tags, warnings, valid, score) with the
// walk that found it and the report destinations.
export type DmarcResult = {
  domain: string;
  record: string | null;
  /** The name whose _dmarc record applies (the domain, a parent, or the organizational domain). */
  location: string | null;
  orgDomain: string;
  tags: Record<TagName, DmarcTag> | null;
  /** The policy this domain gets: p at the domain itself, sp (or np) when inherited from a parent. */
  policy: string | null;
  reportDestinations: ReportDestination[];
  walk: WalkStep[];
  warnings: CheckWarning[];
  valid: boolean;
  score: number;
};
