import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-fields';
import { parseSettings } from './config';

describe('parseSettings', () => {
  it('applies the documented defaults', () => {
    const s = parseSettings({});
    expect(s).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      accessTokenTtl: 900,
      refreshTokenTtl: 7 * 86400,
      adminEmail: 'admin@localhost',
      logLevel: 'info',
      loginRateLimit: 5,
      loginRateLimitIp: 20,
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailBudgetPerHour: 300,
      trustProxy: false,
    });
    expect(s.checks.allowPrivateTargets).toBe(false);
    expect(s.dataDir).toMatch(/\/data$/);
  });

  // A release runs from any working directory (systemd's is DATA_DIR): its interface is the one it ships.
  it('serves the interface built beside the server, wherever it runs', () => {
    const cwd = process.cwd();
    process.chdir(os.tmpdir());
    try {
      expect(parseSettings({}).staticDir).toBe(path.resolve(__dirname, '..', 'dist'));
      expect(parseSettings({ STATIC_DIR: 'web' }).staticDir).toBe(path.join(process.cwd(), 'web'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads every setting given', () => {
    const s = parseSettings({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/msas',
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_TOKEN_TTL: '3600',
      LOGIN_RATE_LIMIT: '7',
      SMTP_URL: 'smtps://user:pw@mail.example.com',
      CHECKS_PORT: '8082',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
    });
    expect(s).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/msas',
      accessTokenTtl: 300,
      refreshTokenTtl: 3600,
      loginRateLimit: 7,
      checksPort: 8082,
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      checks: { allowPrivateTargets: true },
    });
    expect(parseSettings({ CHECKS_ALLOW_PRIVATE_TARGETS: 'off' }).checks.allowPrivateTargets).toBe(false);
  });

  it.each([
    ['PORT', 'abc', 'Invalid setting PORT: expected a number between 1 and 65535'],
    ['PORT', '70000', 'Invalid setting PORT: expected a number between 1 and 65535'],
    ['CHECKS_PORT', '0', 'Invalid setting CHECKS_PORT: expected a number between 1 and 65535'],
    ['DATABASE_URL', 'mysql://x', 'Invalid setting DATABASE_URL: expected a postgres:// URL'],
    [
      'ACCESS_TOKEN_TTL',
      'soon',
      'Invalid setting ACCESS_TOKEN_TTL: expected a duration such as 900, 15m, 12h or 7d',
    ],
    ['JWT_SECRET', 'short', 'Invalid setting JWT_SECRET: expected at least 32 characters'],
    [
      'ENCRYPTION_KEY',
      'abcd',
      'Invalid setting ENCRYPTION_KEY: expected 32 bytes as 64 hex digits or base64',
    ],
    ['MSAS_ADMIN_EMAIL', 'nobody', 'Invalid setting MSAS_ADMIN_EMAIL: expected an email address'],
    ['MSAS_ADMIN_PASSWORD', 'short', 'Invalid setting MSAS_ADMIN_PASSWORD: expected at least 8 characters'],
    [
      'LOG_LEVEL',
      'loud',
      'Invalid setting LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
    ],
    ['LOGIN_RATE_LIMIT', '0', 'Invalid setting LOGIN_RATE_LIMIT: expected a whole number of at least 1'],
    ['SMTP_URL', 'http://mail', 'Invalid setting SMTP_URL: expected an smtp:// or smtps:// URL'],
    [
      'MAIL_BUDGET_PER_HOUR',
      '0',
      'Invalid setting MAIL_BUDGET_PER_HOUR: expected a whole number of at least 1',
    ],
    [
      'CHECKS_ALLOW_PRIVATE_TARGETS',
      'maybe',
      'Invalid setting CHECKS_ALLOW_PRIVATE_TARGETS: expected true or false',
    ],
  ])('refuses a bad %s with a message naming it', (name, value, message) => {
    expect(() => parseSettings({ [name]: value })).toThrow(ConfigError);
    expect(() => parseSettings({ [name]: value })).toThrow(message);
  });

  it('reads the replica settings, which need the primary as well', () => {
    expect(parseSettings({}).readReplica).toEqual({ url: undefined, maxLagSeconds: 30 });
    const s = parseSettings({
      DATABASE_URL: 'postgres://u@primary/msas',
      DATABASE_READ_URL: 'postgres://u@replica/msas',
      DATABASE_READ_MAX_LAG_SECONDS: '5',
    });
    expect(s.readReplica).toEqual({ url: 'postgres://u@replica/msas', maxLagSeconds: 5 });
    expect(() => parseSettings({ DATABASE_READ_URL: 'postgres://u@replica/msas' })).toThrow(
      'Invalid setting DATABASE_READ_URL: it needs DATABASE_URL (the primary) as well',
    );
    expect(() => parseSettings({ DATABASE_READ_MAX_LAG_SECONDS: 'soon' })).toThrow(
      'Invalid setting DATABASE_READ_MAX_LAG_SECONDS: expected a whole number (0 or more)',
    );
    expect(parseSettings({ WORKER_HEALTH_PORT: '8091' }).workerHealthPort).toBe(8091);
  });

  it('reads the PowerDNS API settings only as a pair', () => {
    expect(parseSettings({}).powerDns).toBeUndefined();
    expect(
      parseSettings({
        PDNS_API_URL: 'http://127.0.0.1:8081/',
        PDNS_API_KEY: 'k',
        PDNS_NAMESERVERS: 'NS1.example.com, ns2.example.com.',
      }).powerDns,
    ).toEqual({
      apiUrl: 'http://127.0.0.1:8081',
      apiKey: 'k',
      timeoutMs: 5000,
      nameservers: ['ns1.example.com.', 'ns2.example.com.'],
    });
    expect(() => parseSettings({ PDNS_API_URL: 'http://127.0.0.1:8081' })).toThrow(
      'Invalid setting PDNS_API_KEY: DNS hosting needs both PDNS_API_URL and PDNS_API_KEY',
    );
    expect(() => parseSettings({ PDNS_API_URL: 'ftp://x', PDNS_API_KEY: 'k' })).toThrow(
      'Invalid setting PDNS_API_URL',
    );
  });
  it('turns each web-analytics tracker on with both of its settings, and refuses one alone', () => {
    expect(parseSettings({}).trackers).toEqual({});
    const s = parseSettings({ MATOMO_URL: 'https://stats.example.org/matomo', MATOMO_SITE_ID: '7' });
    expect(s.trackers).toEqual({ matomo: { url: 'https://stats.example.org/matomo/', siteId: '7' } });
    expect(() => parseSettings({ PLAUSIBLE_DOMAIN: 'example.com' })).toThrow(
      new ConfigError(
        'Invalid setting PLAUSIBLE_SCRIPT_URL: PLAUSIBLE_DOMAIN is set, the tracker needs both',
      ),
    );
    expect(() => parseSettings({ UMAMI_SCRIPT_URL: 'ftp://x.example/s.js', UMAMI_WEBSITE_ID: 'w' })).toThrow(
      ConfigError,
    );
    expect(() => parseSettings({ MATOMO_URL: 'https://m.example', MATOMO_SITE_ID: 'one' })).toThrow(
      'Invalid setting MATOMO_SITE_ID: expected a number',
    );
  });
});
