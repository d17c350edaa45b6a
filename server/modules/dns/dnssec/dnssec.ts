import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { type DnsActor, pdnsOf, reaching, zoneFor } from '../service';

// DNSSEC signing of a zone through PowerDNS (docs/DNS.md "DNSSEC"): on or off as a whole, and the DS records
// the registrar needs (RFC 4034 section 5), from the key-signing keys PowerDNS holds.

export async function dnssecState(ctx: AppContext, zoneName: string) {
  const pdns = pdnsOf(ctx);
  const keys = await reaching(() => pdns.cryptokeys(zoneName));
  const active = keys.filter((k) => k.active);
  return {
    zone: zoneName,
    enabled: active.length > 0,
    keys: keys.map((k) => ({
      id: k.id,
      keytype: k.keytype,
      active: k.active,
      algorithm: k.algorithm,
      bits: k.bits,
      flags: k.flags,
      dnskey: k.dnskey,
    })),
    // Only a key-signing key (flags 257, SEP) is pointed at from the parent (RFC 4034 section 2.1.1). PowerDNS
    // also lists a SHA-1 digest (type 1), which must no longer be published (RFC 8624 section 3.3).
    ds: active
      .filter((k) => k.flags === 257)
      .flatMap((k) => k.ds ?? [])
      .filter((ds) => ds.split(/\s+/)[2] !== '1'),
  };
}

export async function readDnssec(ctx: AppContext, db: Db, actor: DnsActor, raw: string) {
  const zone = await zoneFor(db, actor, raw, false);
  return dnssecState(ctx, zone.name);
}

export async function setDnssec(ctx: AppContext, db: Db, actor: DnsActor, raw: string, enabled: boolean) {
  const zone = await zoneFor(db, actor, raw, true, true);
  await reaching(() => pdnsOf(ctx).setDnssec(zone.name, enabled));
  return dnssecState(ctx, zone.name);
}
