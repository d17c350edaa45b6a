import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './support/app';

const message = {
  name: 'Ann Smith',
  email: 'ann@example.com',
  subject: 'Pricing',
  message: 'How much for 500 domains?',
};

describe('POST /api/ph/contact/ without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the message for OPERATOR_EMAIL in the outbox, logs it without the body, audits it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ph/contact/', payload: message });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ detail: 'Message sent.' });
    const [mail] = await t.db.selectFrom('outbox').selectAll().execute();
    expect(mail).toMatchObject({ to: 'operator@example.com', reply_to: 'ann@example.com', sent_at: null });
    expect(mail?.subject).toContain('Pricing');
    expect(mail?.text).toContain('How much for 500 domains?');
    const logs = t.logs.join('');
    expect(logs).toContain('mail stored in the outbox');
    expect(logs).not.toContain('How much for 500 domains?');
    const audit = await t.db
      .selectFrom('audit_operations')
      .selectAll()
      .where('name', '=', 'contact.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ response_status: 201, user_id: null });
  });

  it('answers field errors in the DRF shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ph/contact/',
      payload: { name: '', email: 'not-an-email', message: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
      subject: ['This field is required.'],
    });
  });
});

describe('POST /api/ph/contact/ with SMTP_URL', () => {
  it('delivers over SMTP and marks the outbox row sent', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const t = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'msas@example.com' },
    });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/ph/contact/', payload: message });
      expect(res.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'msas@example.com', to: ['operator@example.com'] });
      expect(received[0]?.data).toContain('Reply-To: ann@example.com');
      expect(received[0]?.data).toContain('How much for 500 domains?');
      const [mail] = await t.db.selectFrom('outbox').select('sent_at').execute();
      expect(mail?.sent_at).toBeInstanceOf(Date);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
