import { parseSettings } from './config';

describe('report address, SMTP listener and metrics settings', () => {
  it('says whether the report address receives mail: only a named, public domain does', () => {
    expect(parseSettings({}).reportAddress).toMatchObject({ domain: 'localhost', receivesMail: false });
    expect(parseSettings({ PUBLIC_URL: 'https://console.msas-demo.net' }).reportAddress).toMatchObject({
      domain: 'console.msas-demo.net',
      receivesMail: false,
      mxHost: 'console.msas-demo.net',
    });
    const named = parseSettings({
      REPORT_ADDRESS_DOMAIN: 'Reports.Msas-Demo.net',
      REPORT_MX_HOST: 'mx.msas-demo.net.',
    });
    expect(named.reportAddress).toEqual({
      domain: 'reports.msas-demo.net',
      prefix: undefined,
      receivesMail: true,
      mxHost: 'mx.msas-demo.net',
    });
    for (const domain of [
      'localhost',
      'reports.test',
      'mail.example',
      'example.com',
      'r.example.net',
      'box.local',
      '10.0.0.1',
    ])
      expect(parseSettings({ REPORT_ADDRESS_DOMAIN: domain }).reportAddress.receivesMail, domain).toBe(false);
    const imap = parseSettings({ IMAP_URL: 'imaps://dmarc%40corp-mail.net:pw@imap.corp-mail.net/INBOX' });
    expect(imap.reportAddress).toMatchObject({
      domain: 'corp-mail.net',
      prefix: 'dmarc',
      receivesMail: true,
    });
  });

  it('reads the listener limits and TLS files, the pair or neither', () => {
    expect(parseSettings({}).inbound.smtp).toEqual({
      tls: undefined,
      maxMessageBytes: 50 * 1024 * 1024,
      maxConnectionsPerClient: 5,
      messagesPerMinute: 30,
    });
    const s = parseSettings({
      INBOUND_SMTP_TLS_CERT: '/etc/msas/cert.pem',
      INBOUND_SMTP_TLS_KEY: '/etc/msas/key.pem',
      INBOUND_SMTP_MAX_MB: '10',
      INBOUND_SMTP_MAX_CONNECTIONS: '2',
      INBOUND_SMTP_RATE_LIMIT: '100',
    });
    expect(s.inbound.smtp).toEqual({
      tls: { certFile: '/etc/msas/cert.pem', keyFile: '/etc/msas/key.pem' },
      maxMessageBytes: 10 * 1024 * 1024,
      maxConnectionsPerClient: 2,
      messagesPerMinute: 100,
    });
    expect(() => parseSettings({ INBOUND_SMTP_TLS_CERT: '/etc/msas/cert.pem' })).toThrow(
      'Invalid setting INBOUND_SMTP_TLS_KEY: STARTTLS needs both INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY',
    );
    expect(() => parseSettings({ INBOUND_SMTP_MAX_MB: '0' })).toThrow(
      'Invalid setting INBOUND_SMTP_MAX_MB: expected a whole number of at least 1',
    );
    expect(() => parseSettings({ REPORT_MX_HOST: 'not a host' })).toThrow(
      'Invalid setting REPORT_MX_HOST: expected the host name of the SMTP listener, such as mx.example.com',
    );
  });

  it('turns metrics on with a port of their own or a token, refusing a short token or the API port', () => {
    expect(parseSettings({}).metrics).toBeUndefined();
    expect(parseSettings({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, token: undefined });
    expect(parseSettings({ METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({
      port: undefined,
      token: 'a'.repeat(16),
    });
    expect(() => parseSettings({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid setting METRICS_TOKEN: expected at least 16 characters',
    );
    expect(() => parseSettings({ METRICS_PORT: '8080' })).toThrow(
      'Invalid setting METRICS_PORT: it must differ from PORT',
    );
  });
});
