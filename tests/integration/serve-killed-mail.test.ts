import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/server';
import { sharedDatabase, startChild, type Child, type SharedDatabase } from './support/processes';

// `msas serve` on PGlite killed (SIGKILL) while a send-mail job talks to the relay: the job stays "active"
// and the message claimed in the queue's and the outbox's tables. The restarted process hands both back at
// once (it is the only process of its DATA_DIR) and queues the message again, so it goes out within a minute
// of the restart, not after the job's expiry and back-off or the claim's 4 minutes; and once.

type Relay = {
  url: string;
  rcpts: string[];
  received: string[];
  answer: () => void;
  close: () => Promise<void>;
};

// A relay that first takes the recipient and never answers (the process dies mid-conversation), then works.
async function stallingRelay(): Promise<Relay> {
  const rcpts: string[] = [];
  const received: string[] = [];
  let answering = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      if (answering) callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    rcpts,
    received,
    answer: () => (answering = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let shared: SharedDatabase;
let relay: Relay;
const children: Child[] = [];

beforeAll(async () => {
  shared = await sharedDatabase();
  relay = await stallingRelay();
}, 120_000);
afterAll(async () => {
  for (const c of children)
    if (c.process.exitCode === null && c.process.signalCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await relay?.close();
  await shared?.close();
});

async function serve(port: number): Promise<Child> {
  const child = startChild(
    {
      ...shared.env,
      PORT: String(port),
      SMTP_URL: relay.url,
      JOBS_POLL_INTERVAL: '1',
      CHECK_INTERVAL_HOURS: '0',
    },
    ['serve'],
  );
  children.push(child);
  await until(
    'the server to answer',
    async () => {
      if (child.process.exitCode !== null) throw new Error(`serve exited:\n${child.output()}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    180_000,
  );
  return child;
}

describe('msas serve killed while it sends mail', () => {
  it('sends the mail within a minute of the restart, once', async () => {
    expect(shared.kind).toBe('pglite');
    const handle = await shared.open();
    await handle.db
      .insertInto('outbox')
      .values({ to: 'waiting@example.com', subject: 'Waiting', text: 'hello' })
      .execute();
    await handle.close();

    const port = await freePort();
    const first = await serve(port);
    // The send-mail job (queued by the worker's start) took the message and is inside the SMTP conversation: kill the process there.
    await until(
      'the relay to be given the recipient',
      () => relay.rcpts.includes('waiting@example.com'),
      60_000,
    );
    first.process.kill('SIGKILL');
    await first.exited;
    relay.answer();

    const second = await serve(port);
    const restarted = Date.now();
    await until('the mail', () => relay.received.includes('waiting@example.com'), 120_000);
    expect(Date.now() - restarted).toBeLessThan(60_000);

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const db = await shared.open();
    const rows = await db.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', 'waiting@example.com')
      .execute();
    await db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(rows[0]!.claimed_at).toBeNull();
    expect(relay.received.filter((to) => to === 'waiting@example.com')).toHaveLength(1);
  }, 420_000);
});
