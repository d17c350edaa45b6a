// Wire documents (snake_case, as the server sends them) for the analytics page tests.

export function metricsWire(messages = 10) {
  return {
    data: {
      type: 'domain-metrics',
      id: 'all',
      attributes: {
        nr_domains: 2,
        nr_reports: 3,
        nr_records: 4,
        nr_messages: messages,
        date_range: { begin_date: '2024-05-01', end_date: '2024-05-03' },
        dkim: { passed: 7, failed: messages - 7 },
        spf: { passed: 6, failed: messages - 6 },
        dmarc: {
          passed: 8,
          failed: messages - 8,
          passed_split: { dkim_and_spf: 5, dkim_only: 2, spf_only: 1 },
        },
        verification: {
          aligned: 8,
          passed: 1,
          failed: 1,
          aligned_percentage: 80,
          passed_percentage: 10,
          failed_percentage: 10,
        },
      },
    },
  };
}

const seriesIds = [
  'messages',
  'dmarc_passed',
  'dmarc_failed',
  'dkim_passed',
  'dkim_failed',
  'spf_passed',
  'spf_failed',
];

export function seriesWire(days = ['2024-05-01', '2024-05-02', '2024-05-03']) {
  return {
    data: seriesIds.map((id, n) => ({
      type: 'time-series',
      id,
      attributes: { points: days.map((x, i) => ({ x, y: (i + 1) * (n + 1) })) },
    })),
    meta: { begin_date: days[0], end_date: days[days.length - 1] },
  };
}

export function rowsWire<A extends object>(
  path: string,
  type: string,
  rows: A[],
  id: (a: A) => string,
  count = rows.length,
  page = 1,
) {
  const last = Math.max(1, Math.ceil(count / 20));
  const link = (p: number) => `${path}?page=${p}`;
  return {
    data: rows.map((a) => ({ type, id: id(a), attributes: a })),
    links: {
      current: link(page),
      first: link(1),
      last: link(last),
      next: page < last ? link(page + 1) : null,
      prev: page > 1 ? link(page - 1) : null,
    },
    meta: { count, page, page_size: 20, begin_date: '2024-05-01', end_date: '2024-05-08' },
  };
}

export const domainRow = (domain: string, messages: number) => ({
  domain,
  messages,
  records: 2,
  dmarc_passed: messages - 1,
  dmarc_failed: 1,
  dkim_passed: messages - 1,
  spf_passed: messages - 2,
  sources: 3,
  dmarc_passed_percentage: Math.round(((messages - 1) / messages) * 10000) / 100,
});

export const ipRow = (source_ip: string, extra: Record<string, unknown> = {}) => ({
  source_ip,
  reverse_dns: 'mail-a.google.com',
  sender_service: 'Google',
  country: 'US',
  asn: 15169,
  messages: 12,
  records: 3,
  dmarc_passed: 10,
  dmarc_failed: 2,
  dkim_passed: 10,
  spf_passed: 9,
  domains: 1,
  dmarc_passed_percentage: 83.33,
  ...extra,
});

export const senderServiceRow = (
  sender_service: string,
  email_sender_id: number | null,
  logo: string | null,
) => ({
  sender_service,
  email_sender_id,
  logo,
  messages: 20,
  dkim_passed: 18,
  spf_passed: 17,
  dmarc_passed: 19,
  dmarc_passed_percentage: 95,
  ips: 4,
  domains: 2,
});

export const messageRow = (source_ip: string, header_from: string) => ({
  source_ip,
  reverse_dns: null,
  country: 'BR',
  asn: 28573,
  header_from,
  envelope_from: header_from,
  disposition: 'none',
  dkim: 'pass',
  spf: 'fail',
  dmarc_pass: true,
  messages: 5,
  records: 2,
  reports: 1,
});
