import type { DnsRecordType, QueryOptions, Resolver } from '../dnsTypes';

// One domain check asks some names several times (the MX set for DNS, MTA-STS and DMARC destinations;
// the A records of MX hosts). Within one run, the same question is sent once and its answer shared.
export function memoResolver(inner: Resolver): Resolver {
  const answers = new Map<string, ReturnType<Resolver['query']>>();
  return {
    query(name: string, type: DnsRecordType, opts: QueryOptions = {}) {
      if (opts.signal) return inner.query(name, type, opts);
      const key = [
        name.toLowerCase().replace(/\.$/, ''),
        type,
        opts.dnssec ? 1 : 0,
        opts.checkingDisabled ? 1 : 0,
        opts.recursion === false ? 0 : 1,
        opts.server ? `${opts.server.host}:${opts.server.port}` : '',
      ].join('|');
      let answer = answers.get(key);
      if (!answer) {
        answer = inner.query(name, type, opts);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
