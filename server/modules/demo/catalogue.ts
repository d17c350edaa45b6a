// What the demo organization holds: a dozen domains of three fictional companies (RFC 2606 .example names),
// their groups, the reporters that send them aggregate reports, and the sources their mail comes from.
// The known services' addresses lie in the networks of the sender snapshot (email-senders/spf-snapshot.json),
// so they are attributed without DNS; the others are in documentation ranges (RFC 5737).

export const demoGroups: { name: string; domains: string[] }[] = [
  {
    name: 'Northwind',
    domains: [
      'northwind.example',
      'northwind-shop.example',
      'northwind-news.example',
      'northwind-support.example',
      'northwind-billing.example',
      'northwind-careers.example',
    ],
  },
  { name: 'Contoso', domains: ['contoso-labs.example', 'contoso-cloud.example'] },
  { name: 'Fabrikam', domains: ['fabrikam.example', 'fabrikam-events.example'] },
  { name: 'Tailspin', domains: ['tailspin.example', 'tailspin-travel.example'] },
];

export const demoDomains = demoGroups.flatMap((g) => g.domains);

/** Mailbox providers that send aggregate reports, most reports first. */
export const demoReporters = [
  { org: 'google.com', email: 'noreply-dmarc-support@google.com' },
  { org: 'Enterprise Outlook', email: 'dmarcreport@microsoft.com' },
  { org: 'Yahoo', email: 'dmarchelp@yahooinc.com' },
  { org: 'Mail.ru', email: 'dmarc_support@corp.mail.ru' },
  { org: 'Comcast', email: 'dmarc_reports@comcast.net' },
];

/**
 * One kind of source. `dkim`: whose signature the mail carries (the domain's own, the service's own
 * domain, or none); `spf`: the envelope domain and its SPF result; `forwarded`: an intermediary re-sent it.
 */
export type DemoSource = {
  name: string;
  /** First three octets (IPv4) or a /64 prefix (IPv6); the last part is drawn. */
  prefix: string;
  share: number;
  dkim: 'own' | 'service' | 'none';
  dkimResult?: 'pass' | 'fail';
  spf: { domain: 'own' | string; result: 'pass' | 'fail' | 'softfail' | 'none' };
  forwarded?: boolean;
  /** The sizes of one source's daily volume: most small, some large. */
  volume: number;
};

export const demoSources: DemoSource[] = [
  {
    name: 'Google Workspace',
    prefix: '209.85.220',
    share: 0.3,
    dkim: 'own',
    spf: { domain: 'own', result: 'pass' },
    volume: 120,
  },
  {
    name: 'Microsoft 365',
    prefix: '40.107.22',
    share: 0.2,
    dkim: 'own',
    spf: { domain: 'own', result: 'pass' },
    volume: 90,
  },
  {
    name: 'SendGrid newsletters',
    prefix: '167.89.100',
    share: 0.14,
    dkim: 'own',
    spf: { domain: 'sendgrid.net', result: 'pass' },
    volume: 400,
  },
  {
    name: 'Mailchimp campaigns',
    prefix: '205.201.131',
    share: 0.08,
    dkim: 'own',
    spf: { domain: 'mcsv.net', result: 'pass' },
    volume: 250,
  },
  // DKIM misaligned: signed only with the service's own domain and its own bounce domain, so DMARC fails.
  {
    name: 'Amazon SES, not aligned',
    prefix: '54.240.8',
    share: 0.08,
    dkim: 'service',
    spf: { domain: 'amazonses.com', result: 'pass' },
    volume: 60,
  },
  // The organization's own relay, its SPF record out of date.
  {
    name: 'Own relay, SPF fail',
    prefix: '192.0.2',
    share: 0.07,
    dkim: 'none',
    spf: { domain: 'own', result: 'fail' },
    volume: 30,
  },
  // A mailing list or alias forwarder: the signature survives, SPF does not (RFC 7489 section 10.1).
  {
    name: 'Forwarder',
    prefix: '198.51.100',
    share: 0.08,
    dkim: 'own',
    spf: { domain: 'own', result: 'fail' },
    forwarded: true,
    volume: 8,
  },
  // Spoofing: someone else's servers using the domain in From.
  {
    name: 'Spoofing',
    prefix: '203.0.113',
    share: 0.05,
    dkim: 'none',
    spf: { domain: 'own', result: 'fail' },
    volume: 15,
  },
];
