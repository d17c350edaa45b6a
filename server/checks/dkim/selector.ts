import { parseKeyRecord } from './record';
import { keyInfo } from './key';
import { dkimWarn, sortDkimWarnings } from './warnings';
import type { DkimSelectorResult, DkimWarning, SelectorSource } from './types';

// One selector's key record judged: syntax and version (RFC 6376 §3.6.1), usable for e-mail (s=), hash
// algorithms (RFC 8301 §3.1: sha1 must not be used), key type and length (RFC 8301 §3.2: RSA keys of at
// least 1024 bits, 2048 recommended; RFC 8463 Ed25519), testing (t=y) and revocation (empty p=).

export function judgeRecord(
  selector: string,
  name: string,
  texts: string[],
  source: SelectorSource,
): DkimSelectorResult {
  const warnings: DkimWarning[] = [];
  const base: DkimSelectorResult = {
    selector,
    source,
    found: true,
    record: texts[0] ?? null,
    keyType: null,
    keyBits: null,
    testing: false,
    revoked: false,
    warnings,
  };
  const done = () => ({ ...base, warnings: sortDkimWarnings(warnings) });
  if (texts.length > 1) {
    warnings.push(
      dkimWarn(
        'dkim_multiple_records',
        'warning',
        `${name} has ${texts.length} TXT records: verifiers may pick any of them (RFC 6376 §3.6.2.2).`,
        { name, count: texts.length },
        name,
      ),
    );
  }
  const parsed = parseKeyRecord(base.record ?? '');
  if (!parsed.ok) {
    warnings.push(
      dkimWarn(
        'dkim_syntax',
        'error',
        `The key record at ${name} is invalid: ${parsed.error}`,
        {
          name,
          error: parsed.error,
        },
        name,
      ),
    );
    return done();
  }
  const r = parsed.record;
  if ((r.version !== null && r.version !== 'DKIM1') || r.versionNotFirst) {
    warnings.push(
      dkimWarn(
        'dkim_bad_version',
        'error',
        `The key record at ${name} must start with v=DKIM1 when it has a v= tag; verifiers ignore it.`,
        { name },
        name,
      ),
    );
  }
  base.testing = r.flags.includes('y');
  if (base.testing) {
    warnings.push(
      dkimWarn(
        'dkim_testing',
        'warning',
        `Selector ${selector} is in testing mode (t=y): receivers may treat failing signatures as unsigned.`,
        { selector },
        name,
      ),
    );
  }
  if (!r.services.includes('*') && !r.services.includes('email')) {
    warnings.push(
      dkimWarn(
        'dkim_service_not_email',
        'error',
        `The key at ${name} is not for e-mail (s=${r.services.join(':')}).`,
        { name, services: r.services.join(':') },
        name,
      ),
    );
  }
  if (r.hashes && !r.hashes.includes('sha256')) {
    warnings.push(
      dkimWarn(
        'dkim_sha1_only',
        'error',
        `The key at ${name} allows only h=${r.hashes.join(':')}: rsa-sha1 must not be used (RFC 8301 §3.1).`,
        { name, hashes: r.hashes.join(':') },
        name,
      ),
    );
  }
  if (r.publicKey === null) {
    base.revoked = true;
    warnings.push(
      dkimWarn(
        'dkim_key_revoked',
        source === 'dns' ? 'info' : 'warning',
        `The key of selector ${selector} is revoked (empty p=): its signatures fail.`,
        { selector },
        name,
      ),
    );
    return done();
  }
  if (r.keyType !== 'rsa' && r.keyType !== 'ed25519') {
    warnings.push(
      dkimWarn(
        'dkim_unknown_key_type',
        'error',
        `The key at ${name} has an unknown key type k=${r.keyType}.`,
        { name, type: r.keyType },
        name,
      ),
    );
    return done();
  }
  const info = keyInfo(r.keyType, r.publicKey);
  if (!info.ok) {
    warnings.push(
      dkimWarn(
        'dkim_key_invalid',
        'error',
        `The key at ${name} is unusable: ${info.error}`,
        {
          name,
          error: info.error,
        },
        name,
      ),
    );
    return done();
  }
  base.keyType = info.type;
  base.keyBits = info.bits;
  if (info.type === 'rsa' && info.bits < 1024) {
    warnings.push(
      dkimWarn(
        'dkim_rsa_weak',
        'error',
        `Selector ${selector} has a ${info.bits}-bit RSA key: verifiers reject keys under 1024 bits (RFC 8301 §3.2).`,
        { selector, bits: info.bits },
        name,
      ),
    );
  } else if (info.type === 'rsa' && info.bits < 2048) {
    warnings.push(
      dkimWarn(
        'dkim_rsa_short',
        'warning',
        `Selector ${selector} has a ${info.bits}-bit RSA key: use at least 2048 bits (RFC 8301 §3.2).`,
        { selector, bits: info.bits },
        name,
      ),
    );
  }
  return done();
}
