import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type {
  alertResourceSchema,
  backtestDocument,
  conditionResourceSchema,
} from '../../../../contract/alerts';
import type { firingResourceSchema } from '../../../../contract/alert-firings';
import { alertOps } from '../../../../contract/operations/alerts';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { patternOf, urlOf } from '../../../api/call';
import { userDocument } from '../../../app/testing/session';
import { userOps } from '../../../../contract/operations/users';

// Wire documents (snake_case, as the server sends them), typed by the contract (contract/alerts.ts), and
// one msw server that records every call the page makes, for the alerts page tests.
type AlertWire = z.input<typeof alertResourceSchema>;
type FiringWire = z.input<typeof firingResourceSchema>;
type ConditionWire = z.input<typeof conditionResourceSchema>;
type BacktestWire = z.input<typeof backtestDocument>['data'];

type TimelineWire = BacktestWire['timeline'][number];

/**
 * A subject's 30 days from 2026-10-26: the days given (state, rate, messages), no data on the first two,
 * clear at 2.5 % of 1,000 messages on the others.
 */
export function timelineRow(
  subject: string,
  given: Record<string, ['fired' | 'firing' | 'recovered' | 'ok', number, number]>,
): TimelineWire {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.parse('2026-10-26T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
    const [state, rate, messages] = given[day] ?? (i < 2 ? [null, 0, 0] : ['ok', 2.5, 1000]);
    if (state === null)
      return { day, state: 'no_data' as const, fired: false, observed: {} as Record<string, number> };
    const failed = Math.round((rate * messages) / 100);
    return {
      day,
      state: state === 'fired' ? ('firing' as const) : state,
      fired: state === 'fired',
      observed: { rate, failed, messages },
    };
  });
  return { subject, days };
}

export type Call = { method: string; path: string; body?: unknown };

export const conditions: ConditionWire[] = [
  {
    type: 'conditions',
    id: 'dmarc_failure_rate',
    attributes: {
      label: 'DMARC failure rate',
      description: 'Messages failing DMARC above a share of the volume.',
      subject: 'domain',
      uses_time_frame: true,
      kind: 'state',
      scope_types: ['domain', 'domain_group', 'organization', 'ip'],
      params: [
        {
          name: 'threshold_percent',
          type: 'number',
          unit: 'percent',
          default: 10,
          min: 0,
          max: 100,
          choices: null,
        },
        {
          name: 'min_messages',
          type: 'integer',
          unit: 'messages',
          default: 100,
          min: 0,
          max: 1e9,
          choices: null,
        },
      ],
    },
  },
  {
    type: 'conditions',
    id: 'no_reports',
    attributes: {
      label: 'No aggregate report received',
      description: 'No report for some days.',
      subject: 'reporter',
      uses_time_frame: false,
      kind: 'state',
      scope_types: ['domain', 'domain_group', 'organization'],
      params: [
        { name: 'days', type: 'integer', unit: 'days', default: 3, min: 1, max: 60, choices: null },
        {
          name: 'per_reporter',
          type: 'boolean',
          unit: null,
          default: true,
          min: null,
          max: null,
          choices: null,
        },
      ],
    },
  },
  {
    type: 'conditions',
    id: 'ip_blocklisted',
    attributes: {
      label: 'IP on a blocklist',
      description: 'The IP is listed on DNS blocklists.',
      subject: 'ip',
      uses_time_frame: false,
      kind: 'state',
      scope_types: ['domain', 'domain_group', 'organization', 'ip'],
      params: [
        { name: 'min_listings', type: 'integer', unit: 'lists', default: 1, min: 1, max: 50, choices: null },
      ],
    },
  },
];

export function alertWire(over: Partial<AlertWire['attributes']> & { id?: number } = {}): AlertWire {
  const { id = 1, ...attributes } = over;
  return {
    type: 'alerts',
    id,
    attributes: {
      name: 'Failures on example.com',
      owner: 7,
      creator_email: 'admin@example.com',
      organization: 1,
      target_selection: 'example.com',
      scope_type: 'domain',
      condition: 'dmarc_failure_rate',
      time_frame: '7d',
      params: { threshold_percent: 12.5, min_messages: 100 },
      domain_group_name: null,
      domain: 'example.com',
      ip: null,
      is_active: true,
      destination_addresses: ['ops@example.com'],
      destination_states: [{ address: 'ops@example.com', state: 'member' }],
      mails_nobody: false,
      language: 'en',
      cooldown_minutes: 60,
      webhook_url: null,
      has_webhook_secret: false,
      webhook_format: 'generic',
      has_webhook_routing_key: false,
      state: 'firing',
      firing_subjects: ['example.com'],
      last_fired_at: '2026-11-23T14:05:00Z',
      last_evaluated_at: '2026-11-23T14:05:00Z',
      delivery: {
        failures: 0,
        last_error: null,
        last_attempt_at: null,
        pending_emails: 0,
        failing_emails: 0,
        next_send_at: null,
      },
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
      ...attributes,
    },
    relationships: { owner: { data: { type: 'users', id: 7 } }, domain_group: { data: null } },
  };
}

export const firing: FiringWire = {
  type: 'alert_firings',
  id: 31,
  attributes: {
    subject: 'example.com',
    kind: 'firing',
    day: '2026-11-22',
    observed: { rate: 45.45, failed: 50, messages: 1100 },
    fired_at: '2026-11-23T14:05:00Z',
    emails_sent: 2,
    pending: false,
    next_send_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
    snoozed_until: null,
  },
};

export const backtestResult: BacktestWire = {
  from: '2026-10-26',
  to: '2026-11-24',
  available: true,
  fired_count: 3,
  days: [
    { day: '2026-11-02', subjects: [{ subject: 'example.com', observed: { rate: 14.2 } }] },
    { day: '2026-11-09', subjects: [{ subject: 'example.com', observed: { rate: 22 } }] },
    { day: '2026-11-20', subjects: [{ subject: 'example.com', observed: { rate: 31.5 } }] },
  ],
  timeline: [
    timelineRow('example.com', {
      '2026-11-02': ['fired', 14.2, 1234],
      '2026-11-03': ['firing', 12.5, 1100],
      '2026-11-04': ['recovered', 4.75, 1050],
      '2026-11-09': ['fired', 22, 900],
      '2026-11-10': ['recovered', 1, 900],
      '2026-11-20': ['fired', 31.5, 2000],
      '2026-11-21': ['firing', 30, 2000],
      '2026-11-22': ['firing', 28, 2000],
      '2026-11-23': ['firing', 25, 2000],
      '2026-11-24': ['firing', 20, 2000],
    }),
    timelineRow('mail.example.com', {}),
  ],
  timeline_subjects: 2,
};

/** What the mock server answers; tests change it and `fail` before they act. */
export const world = {
  calls: [] as Call[],
  fail: {} as Record<string, { status: number; body: unknown }>,
  alerts: [alertWire()] as AlertWire[],
  firings: [firing] as FiringWire[],
  backtest: backtestResult,
};

export function resetWorld() {
  world.calls = [];
  world.fail = {};
  world.alerts = [alertWire()];
  world.firings = [firing];
  world.backtest = backtestResult;
}

function record(method: string, path: string, body?: unknown) {
  world.calls.push({ method, path, body });
  const failure = world.fail[`${method} ${path}`];
  return failure ? HttpResponse.json(failure.body as object, { status: failure.status }) : null;
}

export const page = <T>(data: T[]) => ({
  data,
  links: { current: null, first: null, last: null, next: null, prev: null },
  meta: { count: data.length, page: 1, page_size: 20 },
});

/** The signed-in user's own document, in the language the test reads. */
export const userHandler = (language: 'en' | 'pt' = 'en') =>
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ language })),
  );

export const alertsServer = setupServer(
  userHandler(),
  http.get(`*${patternOf(domainOps.listV2)}`, () => HttpResponse.json(page([]))),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () => HttpResponse.json(page([]))),
  http.get(`*${patternOf(alertOps.conditions)}`, () => HttpResponse.json({ data: conditions })),
  http.get(`*${patternOf(alertOps.list)}`, ({ request }) => {
    const p = new URL(request.url).searchParams.get('page');
    return record('GET', `list?page=${p}`) ?? HttpResponse.json(page(world.alerts));
  }),
  http.post(`*${patternOf(alertOps.list)}`, async ({ request }) => {
    const body = await request.json();
    return (
      record('POST', 'alert', body) ?? HttpResponse.json({ data: alertWire({ id: 9 }) }, { status: 201 })
    );
  }),
  http.post(`*${patternOf(alertOps.backtest)}`, async ({ request }) => {
    const body = await request.json();
    return record('POST', 'backtest', body) ?? HttpResponse.json({ data: world.backtest });
  }),
  http.patch(`*${patternOf(alertOps.read)}`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const id = Number(params.id);
    const current = world.alerts.find((a) => a.id === id) ?? alertWire({ id });
    const changed = { ...current, attributes: { ...current.attributes, ...body } } as AlertWire;
    const failed = record('PATCH', `alert/${id}`, body);
    if (failed) return failed;
    world.alerts = world.alerts.map((a) => (a.id === id ? changed : a));
    return HttpResponse.json({ data: changed });
  }),
  http.delete(
    `*${patternOf(alertOps.read)}`,
    ({ params }) => record('DELETE', `alert/${params.id}`) ?? new HttpResponse(null, { status: 204 }),
  ),
  http.get(`*${patternOf(alertOps.firings)}`, ({ params }) => {
    return record('GET', `firings/${params.id}`) ?? HttpResponse.json(page(world.firings));
  }),
  // Acknowledge and snooze: the firing changes in the world, so the modal's reload shows it.
  http.post(`*${patternOf(alertOps.acknowledge)}`, ({ params }) =>
    changeFiring(`acknowledge/${params.id}/${params.firing_id}`, undefined, Number(params.firing_id), {
      acknowledged_at: '2026-11-23T15:00:00Z',
      acknowledged_by: 'admin@example.com',
    }),
  ),
  http.post(`*${patternOf(alertOps.snooze)}`, async ({ request, params }) => {
    const body = (await request.json()) as { duration: string };
    return changeFiring(`snooze/${params.id}/${params.firing_id}`, body, Number(params.firing_id), {
      snoozed_until: new Date(Date.now() + 86_400_000).toISOString(),
    });
  }),
);

function changeFiring(path: string, body: unknown, id: number, change: Partial<FiringWire['attributes']>) {
  const failed = record('POST', path, body);
  if (failed) return failed;
  world.firings = world.firings.map((f) =>
    f.id === id ? { ...f, attributes: { ...f.attributes, ...change } } : f,
  );
  return HttpResponse.json({ data: world.firings.find((f) => f.id === id) });
}

export const writes = () => world.calls.filter((c) => c.method !== 'GET' && c.path !== 'backtest');
export const backtests = () => world.calls.filter((c) => c.path === 'backtest');
