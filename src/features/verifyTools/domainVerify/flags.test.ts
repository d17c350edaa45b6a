import { describe, expect, it } from 'vitest';
import { allFlags, formFromQuery, queryFromForm, systemsFor } from './flags';

describe('domain check flags', () => {
  it('round-trips the form through the query string', () => {
    const form = { domain: 'example.com', ...allFlags(false), spf: true, tls: true };
    const query = queryFromForm(form);
    expect(query.toString()).toBe('domain=example.com&spf=1&tls=1');
    expect(formFromQuery(query)).toEqual(form);
  });

  it('checks every system when the link names no flag', () => {
    expect(formFromQuery(new URLSearchParams('domain=example.com'))).toEqual({
      domain: 'example.com',
      ...allFlags(true),
    });
  });

  it('maps flags to the calls they need, once each', () => {
    expect(systemsFor({ ...allFlags(false), smtpServers: true, tls: true, nameServers: true })).toEqual([
      'dns',
      'smtp',
    ]);
    expect(systemsFor(allFlags(true))).toHaveLength(8);
    expect(systemsFor(allFlags(false))).toEqual([]);
  });
});
