import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type {
  digestPreviewDocument,
  digestResourceSchema,
  digestSendSchema,
} from '../../../../contract/digests';
import { page, userHandler } from '../../alerts/testing/alertsServer';
import { patternOf } from '../../../api/call';
import { digestOps } from '../../../../contract/operations/digests';
import { domainOps } from '../../../../contract/operations/domains';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { recipientOps } from '../../../../contract/operations/recipients';

// Wire documents (snake_case, as the server sends them), typed by the contract (contract/digests.ts), and
// one msw server that records every call the Reports page makes.
type DigestWire = z.input<typeof digestResourceSchema>;
type SendWire = z.input<typeof digestSendSchema>;
type PreviewWire = z.input<typeof digestPreviewDocument>;

export type Call = { method: string; path: string; body?: unknown };

export function digestWire(over: Partial<DigestWire['attributes']> & { id?: number } = {}): DigestWire {
  const { id = 1, ...attributes } = over;
  return {
    type: 'digest_reports',
    id,
    attributes: {
      report_type: 'scheduled',
      name: 'Brands weekly',
      schedule: {
        frequency: 'weekly',
        day_of_week: 1,
        day_of_month: null,
        hour: 8,
        time_zone: 'Europe/Lisbon',
      },
      time_frame: 'last_7_days',
      all_domains: false,
      domain_group: 4,
      domain_group_name: 'Brands',
      specific_domains: [],
      domains: ['a.example', 'b.example'],
      include_details_per_system: true,
      include_aggregation_by_ip: false,
      include_aggregation_by_sender_service: true,
      destination_addresses: ['ops@example.com', 'cto@example.com'],
      destination_states: [
        { address: 'ops@example.com', state: 'member' },
        { address: 'cto@example.com', state: 'confirmed' },
      ],
      quiet_week: 'send',
      language: 'en',
      organization: 1,
      next_run: '2026-11-30T08:00:00Z',
      last_sent: '2026-11-23T08:00:05Z',
      created_at: '2026-11-01T10:00:00Z',
      ...attributes,
    },
  };
}

export const sendWire: SendWire = {
  type: 'digest_sends',
  id: 5,
  attributes: {
    period_begin: '2026-11-16',
    period_end: '2026-11-22',
    kind: 'late',
    status: 'quiet',
    recipients: 2,
    messages: 0,
    created_at: '2026-11-23T09:30:00Z',
  },
};

export const previewWire: PreviewWire = {
  subject: 'DMARC report: Brands weekly, Nov 16 – Nov 22',
  html: '<html><body><h1>Brands weekly</h1><script>parent.hacked = true</script></body></html>',
  text: 'Brands weekly\n\nMessages 1,100',
  period_begin: '2026-11-16',
  period_end: '2026-11-22',
  images: [],
};

/** What the mock server answers; tests change it and `fail` before they act. */
export const world = {
  calls: [] as Call[],
  fail: {} as Record<string, { status: number; body: unknown; headers?: Record<string, string> }>,
  scheduled: [digestWire()] as DigestWire[],
  weekly: null as DigestWire | null,
  monthly: null as DigestWire | null,
  sends: [sendWire] as SendWire[],
  sendNow: { detail: 'Report sent.', recipients: 2, status: 'sent' as 'sent' | 'quiet' | 'skipped' },
};

export function resetWorld() {
  world.calls = [];
  world.fail = {};
  world.scheduled = [digestWire()];
  world.weekly = null;
  world.monthly = null;
  world.sends = [sendWire];
  world.sendNow = { detail: 'Report sent.', recipients: 2, status: 'sent' };
}

function record(method: string, path: string, body?: unknown) {
  world.calls.push({ method, path, body });
  const failure = world.fail[`${method} ${path}`];
  return failure
    ? HttpResponse.json(failure.body as object, { status: failure.status, headers: failure.headers })
    : null;
}

const domain = (id: number, name: string) => ({ type: 'domains', id, attributes: { name } });

export const digestsServer = setupServer(
  userHandler(),
  http.post(`*${patternOf(recipientOps.resend)}`, async ({ request }) => {
    const body = (await request.json()) as { address: string };
    return (
      record('POST', `resend/${body.address}`, body) ??
      HttpResponse.json({ detail: 'Confirmation e-mail sent.' })
    );
  }),
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json(page([domain(12, 'b.example'), domain(11, 'a.example')])),
  ),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json(page([{ type: 'domain_groups', id: 4, attributes: { name: 'Brands' } }])),
  ),
  http.get(`*${patternOf(digestOps.list)}`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    const type = q.get('type') ?? 'all';
    const failed = record('GET', `list/${type}`);
    if (failed) return failed;
    if (type === 'weekly' || type === 'monthly') {
      const one = world[type];
      return HttpResponse.json(page(one ? [one] : []));
    }
    const search = q.get('search');
    return HttpResponse.json(
      page(world.scheduled.filter((d) => !search || d.attributes.name.includes(search))),
    );
  }),
  http.post(`*${patternOf(digestOps.create)}`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const type = String(params.type) as 'scheduled' | 'weekly' | 'monthly';
    const failed = record('POST', type, body);
    if (failed) return failed;
    const made = digestWire({ id: 9, report_type: type, name: String(body.name) });
    if (type === 'scheduled') world.scheduled = [...world.scheduled, made];
    else world[type] = made;
    return HttpResponse.json({ data: made }, { status: 201 });
  }),
  http.patch(`*${patternOf(digestOps.update)}`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const failed = record('PATCH', `${params.type}/${params.id}`, body);
    if (failed) return failed;
    return HttpResponse.json({ data: digestWire({ id: Number(params.id), name: String(body.name) }) });
  }),
  http.delete(`*${patternOf(digestOps.delete)}`, ({ params }) => {
    const failed = record('DELETE', `${params.type}/${params.id}`);
    if (failed) return failed;
    world.scheduled = world.scheduled.filter((d) => d.id !== Number(params.id));
    if (params.type === 'weekly') world.weekly = null;
    return new HttpResponse(null, { status: 204 });
  }),
  http.get(`*${patternOf(digestOps.sends)}`, ({ params }) => {
    return record('GET', `sends/${params.type}/${params.id}`) ?? HttpResponse.json(page(world.sends));
  }),
  http.get(`*${patternOf(digestOps.preview)}`, ({ params }) => {
    return record('GET', `preview/${params.type}/${params.id}`) ?? HttpResponse.json(previewWire);
  }),
  http.get(`*${patternOf(digestOps.pdf)}`, ({ params }) => {
    return (
      record('GET', `pdf/${params.type}/${params.id}`) ??
      new HttpResponse('%PDF-1.4', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="digest-${params.id}-2026-11-16-2026-11-22.pdf"`,
        },
      })
    );
  }),
  http.post(`*${patternOf(digestOps.send)}`, ({ params }) => {
    return record('POST', `send/${params.type}/${params.id}`) ?? HttpResponse.json(world.sendNow);
  }),
);

export const writes = () => world.calls.filter((c) => c.method !== 'GET');
