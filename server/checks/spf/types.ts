// Shapes of a parsed SPF record (RFC 7208 §4.6.1, §5, §6) and of check_host() results (§2.6).

export type Qualifier = '+' | '-' | '~' | '?';

export type SpfResult = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';

export type MechanismName = 'all' | 'include' | 'a' | 'mx' | 'ptr' | 'ip4' | 'ip6' | 'exists';

export type Mechanism = {
  qualifier: Qualifier;
  name: MechanismName;
  /** include, exists (required); a, mx, ptr (optional: defaults to the current domain). */
  domainSpec?: string;
  /** ip4 / ip6 address as written. */
  network?: string;
  /** a, mx and ip4: IPv4 prefix length; a, mx and ip6: IPv6 prefix length. */
  cidr4?: number;
  cidr6?: number;
  /** The term as written in the record. */
  text: string;
};

export type Modifier = { name: string; value: string; text: string };

export type SpfRecord = {
  mechanisms: Mechanism[];
  redirect?: string;
  exp?: string;
  /** Modifiers other than redirect and exp: allowed and ignored (RFC 7208 §6). */
  unknownModifiers: Modifier[];
};

/** Mechanisms and modifiers that cost a DNS lookup against the limit of 10 (RFC 7208 §4.6.4). */
export const LOOKUP_MECHANISMS: ReadonlySet<MechanismName> = new Set(['include', 'a', 'mx', 'ptr', 'exists']);

export const qualifierResult: Record<Qualifier, SpfResult> = {
  '+': 'pass',
  '-': 'fail',
  '~': 'softfail',
  '?': 'neutral',
};
