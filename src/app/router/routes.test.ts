import { describe, expect, it } from 'vitest';
import { appRoutes, findRoute, menuEntries, menuGroups, routePath } from './routes';

// Spec section 2, plus the settings pages the brief adds and the email sender catalogue.
const specMenu: [group: string, path: string][] = [
  ['analytics', '/msas/analytics/overview'],
  ['analytics', '/msas/analytics/by_domain'],
  ['analytics', '/msas/analytics/by_ip'],
  ['analytics', '/msas/analytics/by_sender_service'],
  ['analytics', '/msas/analytics/email_senders'],
  ['monitoring', '/msas/monitoring/reports'],
  ['monitoring', '/msas/monitoring/alerts'],
  ['analysisBySystem', '/msas/analysis_by_system/dmarc'],
  ['analysisBySystem', '/msas/analysis_by_system/spf'],
  ['analysisBySystem', '/msas/analysis_by_system/smtp_servers'],
  ['analysisBySystem', '/msas/analysis_by_system/tls'],
  ['analysisBySystem', '/msas/analysis_by_system/mta_sts'],
  ['analysisBySystem', '/msas/analysis_by_system/dkim'],
  ['analysisBySystem', '/msas/analysis_by_system/dnssec'],
  ['processedData', '/msas/processed_data/domains'],
  ['processedData', '/msas/processed_data/dmarc_reports'],
  ['processedData', '/msas/processed_data/tls_reports'],
  ['processedData', '/msas/processed_data/failure_reports'],
  ['verifyTools', '/msas/verify_tools/ip_verify'],
  ['verifyTools', '/msas/verify_tools/domain_verify'],
  ['dns', '/msas/dns/zones'],
  ['settings', '/msas/settings/account'],
  ['settings', '/msas/settings/auditing'],
];

describe('route config', () => {
  it('has every menu route of the spec, in its group and in menu order', () => {
    for (const [group, path] of specMenu) {
      expect(findRoute(path), path).toMatchObject({ group, inMenu: true, hidden: false });
    }
    const menuPaths = menuGroups.flatMap((group) => menuEntries(group).map((route) => route.path));
    expect(menuPaths).toEqual(specMenu.map(([, path]) => path));
  });

  it('has the settings pages without menu links', () => {
    for (const path of ['/msas/settings/dynamic', '/msas/settings/subscriptions', '/msas/settings/billing']) {
      expect(findRoute(path), path).toMatchObject({ group: 'settings', inMenu: false, hidden: false });
    }
  });

  it('enables DKIM and TLS Reports (foundation issue)', () => {
    expect(findRoute('/msas/analysis_by_system/dkim')?.enabled).toBe(true);
    expect(findRoute('/msas/processed_data/tls_reports')?.enabled).toBe(true);
  });

  it('uses unique ids and paths, all under /msas', () => {
    expect(new Set(appRoutes.map((r) => r.id)).size).toBe(appRoutes.length);
    expect(new Set(appRoutes.map((r) => r.path)).size).toBe(appRoutes.length);
    expect(appRoutes.every((r) => r.path.startsWith('/msas/'))).toBe(true);
  });

  it('names the overview entry "dashboard", the default secondary menu item', () => {
    expect(findRoute('/msas/analytics/overview')?.id).toBe('dashboard');
  });

  it("gives a page's path by its menu key, and refuses an unknown key", () => {
    expect(routePath('dmarcReports')).toBe('/msas/processed_data/dmarc_reports');
    expect(routePath('billing')).toBe('/msas/settings/billing');
    expect(() => routePath('nowhere')).toThrow('No route nowhere');
  });
});
