import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../resolver';
import type { Resolver } from '../dnsTypes';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { loadSpfSuite } from '../testing/spfSuite';
import { checkHost } from './checkHost';

// The OpenSPF RFC 7208 conformance suite, every case, each scenario's zone served by the loopback DNS
// server (TIMEOUT names really do not answer). The suite's driver gives "DEFAULT" as the default
// explanation, and expects exactly that text where no exp= applies.

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const suiteFile = path.join(repoRoot, '..', 'shared', 'conformance', 'spf', 'rfc7208-tests.yml');
const scenarios = loadSpfSuite(suiteFile);

// DNS names compare case-insensitively (RFC 4343). The suite writes %{ir} of an IPv6 address in upper-case
// nibbles while RFC 7208 §7.4 shows lower case, so an explanation ending in a reverse-DNS name is compared
// without case.
const sameExplanation = (actual: string | undefined, expected: string) =>
  /\.arpa$/i.test(expected) ? actual?.toLowerCase() === expected.toLowerCase() : actual === expected;

it('loads the whole suite', () => {
  expect(scenarios).toHaveLength(16);
  expect(scenarios.reduce((n, s) => n + s.cases.length, 0)).toBe(203);
});

for (const scenario of scenarios) {
  describe(scenario.description, () => {
    let server: TestDnsServer;
    let resolver: Resolver;

    beforeAll(async () => {
      server = await startDnsServer({ records: scenario.records, rules: scenario.rules });
      resolver = createDnsResolver({
        servers: [{ host: server.host, port: server.port }],
        timeoutMs: 300,
        tries: 1,
      });
    });

    afterAll(() => server.close());

    for (const c of scenario.cases) {
      it(`${c.name} (${c.spec})`, async () => {
        const out = await checkHost({ ip: c.host, sender: c.mailfrom, helo: c.helo }, resolver, {
          defaultExplanation: 'DEFAULT',
        });
        expect(c.results, `result of ${c.name}: ${JSON.stringify(out)}`).toContain(out.result);
        if (c.explanation !== undefined) {
          expect(sameExplanation(out.explanation, c.explanation), `explanation "${out.explanation}"`).toBe(
            true,
          );
        }
      });
    }
  });
}
