// The route table of spec section 2. Pure data (no React) so node tools and tests can import it.

export type MenuGroup =
  'analytics' | 'monitoring' | 'analysisBySystem' | 'processedData' | 'verifyTools' | 'dns' | 'settings';

export const menuGroups: readonly MenuGroup[] = [
  'analytics',
  'monitoring',
  'analysisBySystem',
  'processedData',
  'verifyTools',
  'dns',
  'settings',
];

export type AppRoute = {
  /** Menu key of the page; the menu state's `secondary` value. */
  id: string;
  path: string;
  group: MenuGroup;
  /** Key in the `menu` namespace. */
  titleKey: string;
  /** Disabled entries are shown greyed in the menu and are not links. */
  enabled: boolean;
  /** Hidden pages send the user to /404. */
  hidden: boolean;
  /** False for pages reached without a side-menu link (Dynamic Settings, Subscriptions, Billing). */
  inMenu: boolean;
};

export const appPrefix = '/msas';
export const loginPath = '/login';
export const notFoundPath = '/404';
export const contactPath = '/contact_us';
export const homePath = '/msas/analytics/overview';
export const subscriptionsPath = '/msas/settings/subscriptions';

type Entry = [
  id: string,
  path: string,
  titleKey: string,
  options?: Partial<Pick<AppRoute, 'enabled' | 'hidden' | 'inMenu'>>,
];

function group(name: MenuGroup, entries: Entry[]): AppRoute[] {
  return entries.map(([id, path, titleKey, options]) => ({
    id,
    path: `${appPrefix}/${path}`,
    group: name,
    titleKey,
    enabled: true,
    hidden: false,
    inMenu: true,
    ...options,
  }));
}

// The spec marks DKIM and TLS Reports "disabled"; the foundation issue enables both (the server serves them).
export const appRoutes: readonly AppRoute[] = [
  ...group('analytics', [
    // The Overview entry is the menu's default secondary item, 'dashboard'.
    ['dashboard', 'analytics/overview', 'pages.overview'],
    ['byDomain', 'analytics/by_domain', 'pages.byDomain'],
    ['byIp', 'analytics/by_ip', 'pages.byIp'],
    ['bySenderService', 'analytics/by_sender_service', 'pages.bySenderService'],
    ['emailSenders', 'analytics/email_senders', 'pages.emailSenders'],
  ]),
  ...group('monitoring', [
    ['reports', 'monitoring/reports', 'pages.reports'],
    ['alerts', 'monitoring/alerts', 'pages.alerts'],
  ]),
  ...group('analysisBySystem', [
    ['dmarc', 'analysis_by_system/dmarc', 'pages.dmarc'],
    ['spf', 'analysis_by_system/spf', 'pages.spf'],
    ['smtpServers', 'analysis_by_system/smtp_servers', 'pages.smtpServers'],
    ['tls', 'analysis_by_system/tls', 'pages.tls'],
    ['mtaSts', 'analysis_by_system/mta_sts', 'pages.mtaSts'],
    ['dkim', 'analysis_by_system/dkim', 'pages.dkim'],
    ['dnssec', 'analysis_by_system/dnssec', 'pages.dnssec'],
  ]),
  ...group('processedData', [
    ['domainInfo', 'processed_data/domains', 'pages.domainInfo'],
    ['dmarcReports', 'processed_data/dmarc_reports', 'pages.dmarcReports'],
    ['tlsReports', 'processed_data/tls_reports', 'pages.tlsReports'],
    ['failureReports', 'processed_data/failure_reports', 'pages.failureReports'],
  ]),
  ...group('verifyTools', [
    ['ipVerify', 'verify_tools/ip_verify', 'pages.ipVerify'],
    ['domainVerify', 'verify_tools/domain_verify', 'pages.domainVerify'],
  ]),
  // DNS hosting through PowerDNS (docs/DNS.md); ?zone=<name> opens one zone.
  ...group('dns', [['dnsZones', 'dns/zones', 'pages.dnsZones']]),
  ...group('settings', [
    ['account', 'settings/account', 'pages.account'],
    ['auditing', 'settings/auditing', 'pages.auditing'],
    ['dynamicSettings', 'settings/dynamic', 'pages.dynamicSettings', { inMenu: false }],
    ['subscriptions', 'settings/subscriptions', 'pages.subscriptions', { inMenu: false }],
    ['billing', 'settings/billing', 'pages.billing', { inMenu: false }],
  ]),
];

/** Account pages outside /msas ("routes not shown" in the spec); the e-mailed links point at some of them. */
export const accountPaths = {
  signup: '/signup',
  confirmRegistration: '/confirm-registration',
  passwordReset: '/password-reset',
  passwordResetConfirm: '/password-reset/confirm',
  invitation: '/member-registrations/confirm',
  /** The invitation e-mail's link (server/modules/organizations/registrations-service.ts). */
  invitationLink: '/member-registration',
  recoveryLogin: '/login/recovery',
  /** The link mailed to a new account address (server/modules/users/email-change-service.ts). */
  confirmEmailChange: '/confirm-email-change',
  /** The link mailed to an outside recipient (server/modules/recipients/service.ts). */
  recipientConfirmation: '/recipient-confirmation',
} as const;

/** The public routes outside /msas. */
export const publicPaths = [loginPath, notFoundPath, contactPath, ...Object.values(accountPaths)] as const;

export function findRoute(pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return appRoutes.find((route) => route.path === clean);
}

/** The path of the page whose menu key is `id`: features link to pages through it, not by literal paths. */
export function routePath(id: string): string {
  const route = appRoutes.find((r) => r.id === id);
  if (!route) throw new Error(`No route ${id}`);
  return route.path;
}

export function menuEntries(groupName: MenuGroup): AppRoute[] {
  return appRoutes.filter((route) => route.group === groupName && route.inMenu && !route.hidden);
}
