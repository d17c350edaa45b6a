import { describe, expect, it } from 'vitest';
import { dataLink, type MailItem } from './mail';
import type { AlertRuleRow } from '../repo';

// "See the data" opens the page that holds what the alert is about: DNS alerts the domain's DNS history or
// the system's analysis, report alerts the analytics filtered to the subject and day.

const rule = (condition: string, scope_type = 'organization') =>
  ({ condition, scope_type, target_selection: '', params: {} }) as unknown as AlertRuleRow;
const item = (subject: string): MailItem => ({ subject, kind: 'firing', day: '2026-12-05', observed: {} });
const base = 'https://msas.example/';

describe('dataLink', () => {
  it("opens the domain's DNS history for a record change", () => {
    expect(dataLink(base, rule('dns_change'), item('acme.example · spf'))).toBe(
      'https://msas.example/msas/processed_data/domains?domain=acme.example',
    );
  });

  it('opens the SPF, DNSSEC and MTA-STS analysis for the re-checks on them', () => {
    expect(dataLink(base, rule('spf_lookups'), item('acme.example'))).toBe(
      'https://msas.example/msas/analysis_by_system/spf?domain=acme.example',
    );
    expect(dataLink(base, rule('dnssec_bogus'), item('acme.example'))).toContain(
      '/analysis_by_system/dnssec?',
    );
    expect(dataLink(base, rule('mta_sts_certificate'), item('acme.example'))).toContain(
      '/analysis_by_system/mta_sts?',
    );
  });

  it('keeps the analytics for report data', () => {
    expect(dataLink(base, rule('dmarc_failure_rate'), item('acme.example'))).toBe(
      'https://msas.example/msas/analytics/by_domain?begin_date=2026-12-05&end_date=2026-12-05&domain=acme.example',
    );
  });
});
