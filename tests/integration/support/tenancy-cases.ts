import { fixturePassword, type seedTenant } from './orgs';

// The tenancy cases of tests/integration/tenancy.test.ts, one per route of /api/openapi.json.
export type A = Awaited<ReturnType<typeof seedTenant>> & {
  loner: number;
  registration: number;
  publication: number;
  alert: number;
  // A firing of A's alert rule.
  firing: number;
  digest: number;
  // Ids of reports imported from the samples for policy domains A registered (aReports).
  reports: Record<keyof typeof aReports, number>;
  // A's hosted DNS zone (named aDomain) and one of its change sets.
  dns: { zone: number; changeSet: number };
};
export type B = Awaited<ReturnType<typeof seedTenant>>;
export type Attack = { path: (a: A, b: B) => string; body?: (a: A, b: B) => unknown; allow400?: boolean };
export type Case = 'public' | 'own' | Attack[];

export const aDomain = 'tenant-a-secret.example.com';
export const aName = 'Tenant A Organization';
// One real report of each kind for organization A, imported from ../shared/samples/dmarc after A registered
// its policy domain; the domains are distinctive so they can be looked for in organization B's answers.
export const aReports = {
  aggregate: { file: 'dmarc-report-viewer/testdata/dmarc-reports/aol.xml', domain: 'website.com' },
  tls: {
    file: 'dmarc-report-viewer/testdata/smtp-tls-reports/rfc-example.json',
    domain: 'company-y.example',
  },
  failure: { file: 'mail-auth/resources/arf/004.eml', domain: 'interpublication.org' },
} as const;
// The aggregate sample's only source IP and reporter, which B must never see either.
export const aReportSecrets = ['125.125.125.125', 'website.com_1504828800'];
// A rule on A's domain or A's group, as B would post it.
const alertOn = (a: A) => ({
  scope_type: 'domain',
  target_selection: aDomain,
  condition: 'dmarc_failure_rate',
  destination_addresses: [a.member.email],
});
// DNS hosting: A's zone by name and by id, its history, records and a change set of it.
function dnsCases(): Partial<Record<string, Case>> {
  const zones = '/api/dm/power-dns/servers/localhost/zones/';
  const byNameAndId = (body?: Attack['body']): Attack[] => [
    { path: () => `${zones}${aDomain}/`, body },
    { path: (a) => `${zones}${a.dns.zone}/`, body },
  ];
  const fileOf = (tail: string, body?: Attack['body']): Attack[] => [
    { path: () => `${zones}${aDomain}/${tail}`, body },
    { path: (a) => `${zones}${a.dns.zone}/${tail}`, body },
  ];
  const zoneFile = `x.${aDomain}. 60 IN A 192.0.2.1`;
  const change = () => ({ version: 1, rrsets: [{ name: `x.${aDomain}`, type: 'A', changetype: 'DELETE' }] });
  return {
    'GET /api/dm/power-dns/status/': 'own',
    'GET /api/dm/power-dns/servers/localhost/zones/': 'own',
    'POST /api/dm/power-dns/servers/localhost/zones/': [
      { path: () => zones, body: () => ({ name: aDomain }), allow400: true },
      { path: () => zones, body: () => ({ name: `sub.${aDomain}` }), allow400: true },
    ],
    'GET /api/dm/power-dns/servers/localhost/zones/{zone}/': byNameAndId(),
    'PATCH /api/dm/power-dns/servers/localhost/zones/{zone}/': byNameAndId(change),
    'DELETE /api/dm/power-dns/servers/localhost/zones/{zone}/': byNameAndId(),
    'GET /api/dm/power-dns/servers/localhost/zones/{zone}/export/': fileOf('export/'),
    'POST /api/dm/power-dns/servers/localhost/zones/{zone}/import/preview/': fileOf(
      'import/preview/',
      () => ({
        text: zoneFile,
      }),
    ),
    'POST /api/dm/power-dns/servers/localhost/zones/{zone}/import/': fileOf('import/', () => ({
      text: zoneFile,
      version: 1,
    })),
    'GET /api/dm/power-dns/servers/localhost/zones/{zone}/dnssec/': fileOf('dnssec/'),
    'PUT /api/dm/power-dns/servers/localhost/zones/{zone}/dnssec/': fileOf('dnssec/', () => ({
      enabled: true,
    })),
    'GET /api/dm/power-dns/servers/localhost/zones/{zone}/fixes/': fileOf('fixes/'),
    'POST /api/dm/power-dns/servers/localhost/zones/{zone}/fixes/{kind}/': fileOf('fixes/dmarc/', () => ({
      version: 1,
    })),
    'GET /api/dm/power-dns/history/': [
      { path: () => `/api/dm/power-dns/history/?zone=${aDomain}` },
      { path: (a) => `/api/dm/power-dns/history/?zone=${a.dns.zone}` },
    ],
    'POST /api/dm/power-dns/history/{id}/revert/': [
      { path: (a) => `/api/dm/power-dns/history/${a.dns.changeSet}/revert/` },
    ],
    'GET /api/dm/records/': [
      { path: () => `/api/dm/records/?zone=${aDomain}` },
      { path: (a) => `/api/dm/records/?zone=${a.dns.zone}` },
    ],
  };
}
const orgPath = (p = '') => ({ path: (a: A) => `/api/ph/organizations/${a.org.id}/${p}` });
const userPath = (p = '', who: 'member' | 'admin' = 'member') => ({
  path: (a: A) => `/api/ph/users/${a[who].id}/${p}`,
});
const reportPath = (kind: keyof typeof aReports, base: string, p = '') => ({
  path: (a: A) => `/api/dm/dmarc/${base}${a.reports[kind]}/${p}`,
});
const groupPath = (base: string, p = '') => ({ path: (a: A) => `/api/dm/${base}${a.groupId}/${p}` });
const orgDomains = (slash: string): Partial<Record<string, Case>> => ({
  [`GET /api/ph/organizations/{id}/domains${slash}`]: [
    { path: (a) => `/api/ph/organizations/${a.org.id}/domains${slash}` },
  ],
  [`POST /api/ph/organizations/{id}/domains${slash}`]: [
    {
      path: (a) => `/api/ph/organizations/${a.org.id}/domains${slash}`,
      body: () => ({ name: 'stolen.example.org' }),
    },
  ],
  [`PATCH /api/ph/organizations/{id}/domains${slash}`]: [
    {
      path: (a) => `/api/ph/organizations/${a.org.id}/domains${slash}`,
      body: (a) => ({ id: a.domainId, name: 'x.example.org' }),
    },
    {
      path: (_a, b) => `/api/ph/organizations/${b.org.id}/domains${slash}`,
      body: (a) => ({ id: a.domainId, name: 'x.example.org' }),
    },
  ],
  [`DELETE /api/ph/organizations/{id}/domains${slash}`]: [
    { path: (a) => `/api/ph/organizations/${a.org.id}/domains${slash}`, body: (a) => ({ id: a.domainId }) },
    {
      path: (_a, b) => `/api/ph/organizations/${b.org.id}/domains${slash}`,
      body: (a) => ({ id: a.domainId }),
    },
  ],
});

function senderCases(): Record<string, Case> {
  const s = '/api/dm/dmarc/aggregate-reports/email-senders/';
  const out: Record<string, Case> = { [`GET ${s}{id}/logo/`]: 'public' };
  for (const key of [
    `GET ${s}`,
    `POST ${s}`,
    `GET ${s}{id}/`,
    `PATCH ${s}{id}/`,
    `DELETE ${s}{id}/`,
    `GET ${s}{id}/networks/`,
    `PUT ${s}{id}/networks/`,
    `POST ${s}{id}/networks/`,
    `DELETE ${s}{id}/networks/`,
    `POST ${s}{id}/networks/refresh/`,
    `POST ${s}{id}/logo/`,
    `DELETE ${s}{id}/logo/`,
    'POST /api/dm/dmarc/aggregate-reports/networks/recalculate/',
  ])
    out[key] = 'own';
  return out;
}

function domainInfoCases(): Record<string, Case> {
  const out: Record<string, Case> = {};
  for (const p of ['dmarc-record', 'spf-record', 'ips', 'dkim-signatures'])
    out[`GET /api/dm/domains/{name}/${p}/`] = [{ path: () => `/api/dm/domains/${aDomain}/${p}/` }];
  return out;
}

export const cases: Record<string, Case> = {
  'POST /api/ph/authenticate/': 'public',
  'POST /api/ph/authenticate/recovery/': 'public',
  'POST /api/ph/authenticate/refresh/': 'public',
  'POST /api/ph/contact/': 'public',
  'GET /api/ph/public-config/': 'public',
  'POST /api/ph/member-registrations/confirm/': 'public',
  'POST /api/ph/register-client/': 'public',
  'POST /api/ph/confirm-registration/': 'public',
  'POST /api/ph/password-reset/': 'public',
  'POST /api/ph/password-reset/confirm/': 'public',
  'POST /api/ph/email-change/confirm/': 'public',
  'GET /checks/rbl/{ip}': 'public',
  'GET /checks/dns/{domain}': 'public',
  'GET /checks/spf/{domain}': 'public',
  'GET /checks/dmarc/{domain}': 'public',
  'GET /checks/mta-sts/{domain}': 'public',
  'GET /checks/tls-rpt/{domain}': 'public',
  'GET /checks/domain/{domain}': 'public',
  'GET /checks/dnssec/{domain}': 'public',
  'GET /checks/dane/{domain}': 'public',
  'GET /checks/smtp/{domain}': 'public',
  'GET /api/openapi.json': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /api/ph/2fa/setup/start/': 'own',
  'POST /api/ph/2fa/setup/confirm/': 'own',
  'POST /api/ph/2fa/disable/': 'own',
  'GET /api/ph/users/': 'own',
  'POST /api/ph/users/': 'own',
  'GET /api/ph/authorization-groups/': 'own',
  'GET /api/ph/organizations/': 'own',
  'POST /api/ph/change-password/': 'own',
  'POST /api/ph/settings/alerts-email/': 'own',
  'GET /api/ph/v2/audit/operations/': 'own',
  'GET /api/ph/publications/': 'own',
  'GET /api/dm/conditions/': 'own',
  'GET /api/dm/alerts/': 'own',
  // The e-mails' signed unsubscribe link: no session, the token names the rule (server/modules/alerts).
  'GET /api/dm/alerts/unsubscribe/': 'public',
  'POST /api/dm/alerts/unsubscribe/': 'public',
  // The e-mails' signed acknowledge and snooze links: no session, the token names the firing.
  'GET /api/dm/alerts/firing-action/': 'public',
  'POST /api/dm/alerts/firing-action/': 'public',
  // A recipient's answer to the confirmation mail: no session, the single-use token names the organization and
  // the address (server/modules/recipients). The re-send names only an address, of the caller's organization.
  'POST /api/ph/recipient-confirmations/': 'public',
  'POST /api/ph/recipient-confirmations/resend/': 'own',
  'POST /api/dm/alerts/': [{ path: () => '/api/dm/alerts/', body: alertOn, allow400: true }],
  'POST /api/dm/alerts/backtest/': [
    { path: () => '/api/dm/alerts/backtest/', body: alertOn, allow400: true },
  ],
  'GET /api/dm/alerts/{id}/': [{ path: (a) => `/api/dm/alerts/${a.alert}/` }],
  'PATCH /api/dm/alerts/{id}/': [
    { path: (a) => `/api/dm/alerts/${a.alert}/`, body: () => ({ is_active: false }) },
  ],
  'DELETE /api/dm/alerts/{id}/': [{ path: (a) => `/api/dm/alerts/${a.alert}/` }],
  'GET /api/dm/alerts/{id}/firings/': [{ path: (a) => `/api/dm/alerts/${a.alert}/firings/` }],
  'POST /api/dm/alerts/{id}/firings/{firing_id}/acknowledge/': [
    { path: (a) => `/api/dm/alerts/${a.alert}/firings/${a.firing}/acknowledge/` },
  ],
  'POST /api/dm/alerts/{id}/firings/{firing_id}/snooze/': [
    {
      path: (a) => `/api/dm/alerts/${a.alert}/firings/${a.firing}/snooze/`,
      body: () => ({ duration: '1d' }),
    },
  ],
  'GET /api/ph/settings/organization/': 'own',
  'PATCH /api/ph/settings/organization/': 'own',
  'GET /api/dm/domains/': 'own',
  'GET /api/dm/v2/domains/': 'own',
  'GET /api/dm/domain-groups/': 'own',
  'GET /api/dm/v2/domain-groups/': 'own',
  'GET /api/rep/ipVerify/': 'own',
  'POST /api/rep/ipVerify/': 'own',
  'GET /api/rep/v2/ips/{ip}/ip-info-io/': 'own',
  'GET /api/rep/ips/': 'own',
  'GET /api/dm/dmarc/aggregate-reports/': 'own',
  // The same list under the spec's path (section 7).
  'GET /api/dm/aggregate-reports/': 'own',
  'GET /api/dm/domains/report-period/': 'own',
  // Demo data goes into the caller's own organization; it takes no identifier.
  'GET /api/dm/demo-data/': 'own',
  'POST /api/dm/demo-data/': 'own',
  'GET /api/dm/dmarc/aggregate-reports/dkim-signatures/': 'own',
  'GET /api/dm/dmarc/tls-reports/': 'own',
  'GET /api/dm/dmarc/failure-reports/': 'own',
  'POST /api/dm/dmarc/reports/upload/': 'own',
  'GET /api/dm/dmarc/aggregate-reports/{id}/': [reportPath('aggregate', 'aggregate-reports/')],
  'GET /api/dm/dmarc/aggregate-reports/{id}/records/': [
    reportPath('aggregate', 'aggregate-reports/', 'records/'),
  ],
  'GET /api/dm/dmarc/aggregate-reports/{id}/file/': [reportPath('aggregate', 'aggregate-reports/', 'file/')],
  'GET /api/dm/dmarc/tls-reports/{id}/file/': [reportPath('tls', 'tls-reports/', 'file/')],
  'GET /api/dm/dmarc/failure-reports/{id}/file/': [reportPath('failure', 'failure-reports/', 'file/')],
  'GET /api/dm/domains/metrics/': 'own',
  'GET /api/dm/domains/time-series/': 'own',
  'GET /api/dm/aggregated-by-domain/': 'own',
  'GET /api/dm/aggregated-by-ip/': 'own',
  'GET /api/dm/aggregated-by-sender-service/': 'own',
  'GET /api/dm/dmarc/aggregate-reports/messages/': 'own',
  'GET /api/dm/dmarc/aggregate-reports/sender-details/': 'own',
  // ?email_sender= names a catalogue entry (shared); the IPs listed come from the caller's own rollups.
  'GET /api/dm/dmarc/aggregate-reports/sender-associations/': 'own',
  // Email senders: one installation-wide catalogue holding no tenant data (attribution is per IP); who may
  // change it (support only) is checked by role-matrix.test.ts. Logos are public images.
  ...senderCases(),
  // Answers are confined to the caller's organization: another organization's domain reads as zeros (see the
  // analytics check in tenancy.test.ts, over the dates of A's reports).
  'GET /api/dm/domains/{d}/metrics/': 'own',
  'GET /api/dm/domains/{d}/time-series/': 'own',
  'GET /api/dm/domain-groups/{id}/metrics/': [groupPath('domain-groups/', 'metrics/')],
  'GET /api/dm/domain-groups/{id}/time-series/': [groupPath('domain-groups/', 'time-series/')],
  'GET /api/ph/organizations/{id}/metrics/': [orgPath('metrics/')],
  'GET /api/ph/organizations/{id}/time-series/': [orgPath('time-series/')],
  'GET /api/ph/users/{id}/': [userPath()],
  'PATCH /api/ph/users/{id}/': [{ ...userPath(), body: () => ({ name: 'hacked' }) }],
  'PATCH /api/ph/users/{id}/settings/': [{ ...userPath('settings/'), body: () => ({ language: 'pt' }) }],
  'GET /api/ph/users/{id}/email-change/': [userPath('email-change/')],
  'DELETE /api/ph/users/{id}/email-change/': [userPath('email-change/')],
  'POST /api/ph/users/{id}/delete/': [
    { ...userPath('delete/'), body: () => ({ password: fixturePassword }) },
  ],
  'PATCH /api/ph/users/{id}/groups/': [{ ...userPath('groups/'), body: () => ({ groups: [2] }) }],
  'GET /api/ph/users/{id}/permissions/': [userPath('permissions/')],
  'GET /api/ph/users/{id}/domains/': [userPath('domains/')],
  'PATCH /api/ph/users/{id}/domains/': [
    { ...userPath('domains/'), body: () => ({ domains: [] }) },
    {
      path: (_a, b) => `/api/ph/users/${b.member.id}/domains/`,
      body: () => ({ domains: [aDomain] }),
      allow400: true,
    },
  ],
  'POST /api/ph/organizations/': [
    { path: () => '/api/ph/organizations/', body: (a) => ({ name: 'X', owner: a.loner }) },
  ],
  'GET /api/ph/organizations/{id}/': [orgPath()],
  'PATCH /api/ph/organizations/{id}/': [{ ...orgPath(), body: () => ({ name: 'Hacked' }) }],
  'DELETE /api/ph/organizations/{id}/': [orgPath()],
  'PATCH /api/ph/organizations/{id}/owner/': [
    { ...orgPath('owner/'), body: (a) => ({ owner: a.admin.id }) },
    {
      path: (_a, b) => `/api/ph/organizations/${b.org.id}/owner/`,
      body: (a) => ({ owner: a.member.id }),
      allow400: true,
    },
  ],
  'GET /api/ph/organizations/{id}/members/': [orgPath('members/')],
  'POST /api/ph/organizations/{id}/members/': [{ ...orgPath('members/'), body: (a) => ({ user: a.loner }) }],
  'DELETE /api/ph/organizations/{id}/members/': [
    { ...orgPath('members/'), body: (a) => ({ user: a.member.id }) },
    {
      path: (_a, b) => `/api/ph/organizations/${b.org.id}/members/`,
      body: (a) => ({ user: a.member.id }),
      allow400: true,
    },
  ],
  'POST /api/ph/organizations/{id}/admins/': [
    { ...orgPath('admins/'), body: (a) => ({ user: a.member.id }) },
  ],
  'DELETE /api/ph/organizations/{id}/admins/': [
    { ...orgPath('admins/'), body: (a) => ({ user: a.admin.id }) },
  ],
  ...(orgDomains('') as Record<string, Case>),
  ...(orgDomains('/') as Record<string, Case>),
  'POST /api/ph/member-registrations/': [
    {
      path: () => '/api/ph/member-registrations/',
      body: (a) => ({ email: 'spy@example.com', organization: a.org.id }),
    },
  ],
  'POST /api/ph/member-registrations/{id}/resend-email/': [
    { path: (a) => `/api/ph/member-registrations/${a.registration}/resend-email/` },
  ],
  'POST /api/ph/publications/{id}/seen/': [{ path: (a) => `/api/ph/publications/${a.publication}/seen/` }],
  'POST /api/dm/domains/create/': [
    { path: () => '/api/dm/domains/create/', body: () => ({ name: aDomain }), allow400: true },
  ],
  'POST /api/dm/domains/{name}/delete/': [{ path: () => `/api/dm/domains/${aDomain}/delete/` }],
  'GET /api/dm/domain-groups/{id}/': [groupPath('domain-groups/')],
  'POST /api/dm/domain-groups/create/': [
    {
      path: () => '/api/dm/domain-groups/create/',
      body: () => ({ name: 'Steal', domains: [aDomain] }),
      allow400: true,
    },
  ],
  'POST /api/dm/domain-groups/{id}/delete/': [groupPath('domain-groups/', 'delete/')],
  'POST /api/dm/domain-groups/{id}/update/': [
    { ...groupPath('domain-groups/', 'update/'), body: () => ({ domains: [] }) },
  ],
  'POST /api/dm/v2/domain-groups/': [
    {
      path: () => '/api/dm/v2/domain-groups/',
      body: () => ({ name: 'Steal2', domains: [aDomain] }),
      allow400: true,
    },
  ],
  'GET /api/dm/v2/domain-groups/{id}/': [groupPath('v2/domain-groups/')],
  'PATCH /api/dm/v2/domain-groups/{id}/': [
    { ...groupPath('v2/domain-groups/'), body: () => ({ name: 'Hacked' }) },
  ],
  'DELETE /api/dm/v2/domain-groups/{id}/': [groupPath('v2/domain-groups/')],
  'GET /api/dm/v2/domain-groups/{id}/domains/': [groupPath('v2/domain-groups/', 'domains/')],
  'POST /api/dm/v2/domain-groups/{id}/domains/': [
    { ...groupPath('v2/domain-groups/', 'domains/'), body: (a) => ({ domains: [String(a.domainId)] }) },
    {
      path: (_a, b) => `/api/dm/v2/domain-groups/${b.groupId}/domains/`,
      body: () => ({ domains: [aDomain] }),
      allow400: true,
    },
  ],
  'DELETE /api/dm/v2/domain-groups/{id}/domains/': [
    { ...groupPath('v2/domain-groups/', 'domains/'), body: () => ({ domains: [aDomain] }) },
  ],
  // Stored checks; B's own lists never show A's domains (analysis-results.test.ts).
  'GET /api/dm/analysis-by-system/{system}/': [
    { path: (a) => `/api/dm/analysis-by-system/dmarc/?organization=${a.org.id}` },
  ],
  'GET /api/dm/analysis-by-system/{system}/{domainId}/': [
    { path: (a) => `/api/dm/analysis-by-system/dkim/${a.domainId}/` },
  ],
  'POST /api/dm/v2/domains/{id}/recheck/': [{ path: (a) => `/api/dm/v2/domains/${a.domainId}/recheck/` }],
  'POST /api/dm/v2/domains/{id}/verify/': [{ path: (a) => `/api/dm/v2/domains/${a.domainId}/verify/` }],
  'GET /api/dm/v2/domains/{id}/history/{type}/': [
    { path: (a) => `/api/dm/v2/domains/${a.domainId}/history/dmarc/` },
  ],
  ...domainInfoCases(),
  ...digestCases(),
  ...dnsCases(),
  ...billingCases(),
};

// Digest reports: A's scheduled report, by id.
function digestCases(): Record<string, Case> {
  const base = '/api/dm/digest-reports/';
  const one = (p = '') => ({ path: (a: A) => `${base}scheduled/${a.digest}/${p}` });
  return {
    [`GET ${base}`]: 'own',
    [`POST ${base}{type}/`]: 'own',
    [`GET ${base}{type}/{id}/`]: [one()],
    [`PATCH ${base}{type}/{id}/`]: [{ ...one(), body: () => ({ name: 'Hacked' }) }],
    [`DELETE ${base}{type}/{id}/`]: [one()],
    [`GET ${base}{type}/{id}/sends/`]: [one('sends/')],
    [`GET ${base}{type}/{id}/preview/`]: [one('preview/')],
    [`GET ${base}{type}/{id}/pdf/`]: [one('pdf/')],
    [`POST ${base}{type}/{id}/send/`]: [one('send/')],
    // The signed token is the proof (no sign-in); a token of A's cannot be made without the server's key.
    [`GET ${base}unsubscribe/`]: 'public',
    [`POST ${base}unsubscribe/`]: 'public',
  };
}

// Billing: /api/pg acts on the caller's organization only; the legacy host takes A's customer and
// subscription ids (seeded in tenancy.test.ts), which B must not reach.
export const aCustomer = 'cus_tenant_a_secret';
export const aSubscription = 'sub_tenant_a_secret';
function billingCases(): Record<string, Case> {
  return {
    'GET /api/pg/payments/products/': 'public',
    'POST /api/pg/stripe/webhook/': 'public',
    'GET /api/pg/payments/subscriptions/': 'own',
    'GET /api/pg/payments/invoices/': 'own',
    'POST /api/pg/payments/checkout/': 'own',
    'POST /api/pg/payments/portal/': 'own',
    'POST /api/pg/payments/subscriptions/end_trial/': 'own',
    'POST /api/pg/payments/subscriptions/cancel/': 'own',
    'POST /api/pg/payments/subscriptions/resume/': 'own',
    'POST /legacy-payments/customer': 'own',
    'POST /legacy-payments/payments/checkout': 'own',
    'POST /legacy-payments/subscription/payment-intent': 'own',
    'POST /legacy-payments/payments/portal': 'own',
    'GET /legacy-payments/invoices/listInvoices': [
      { path: () => `/legacy-payments/invoices/listInvoices?customer=${aCustomer}` },
    ],
    'GET /legacy-payments/subscriptions': [
      { path: () => `/legacy-payments/subscriptions?customer=${aCustomer}` },
    ],
    'POST /legacy-payments/subscriptions/cancel_subscription': [
      {
        path: () => '/legacy-payments/subscriptions/cancel_subscription',
        body: () => ({ subscriptionId: aSubscription }),
      },
    ],
  };
}
