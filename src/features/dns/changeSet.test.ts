import { describe, expect, it } from 'vitest';
import { changesOf, patchOf, problemsByRrset, rowsOf, typesByName, type Edits } from './changeSet';
import type { Rrset } from './dnsApi';
import { checkForm, formOf } from './rrsetForm';

const zone = 'example.com.';
const rr = (name: string, type: string, contents: string[], extra: Partial<Rrset> = {}): Rrset => ({
  name,
  type,
  ttl: 3600,
  records: contents.map((content) => ({ content, disabled: false })),
  comments: [],
  ...extra,
});
const loaded = [
  rr(zone, 'NS', ['ns1.example.com.']),
  rr('www.example.com.', 'A', ['192.0.2.1']),
  rr(zone, 'TXT', ['"v=spf1 -all"'], {
    comments: [{ content: 'no mail', account: 'ops@example.com', modifiedAt: '2026-11-01T10:00:00' }],
  }),
];

describe('change sets of the touched rrsets only', () => {
  it('finds added, changed and removed rrsets; an edit back to the loaded state drops out', () => {
    const edits: Edits = {
      'mail.example.com./A': rr('mail.example.com.', 'A', ['192.0.2.25']),
      'www.example.com./A': rr('www.example.com.', 'A', ['192.0.2.1'], { ttl: 300 }),
      'example.com./TXT': null,
      'example.com./NS': rr(zone, 'NS', ['ns1.example.com.']), // the same as loaded
      'gone.example.com./A': null, // deleting what was never there
    };
    const changes = changesOf(loaded, edits);
    expect(changes.map((c) => [c.key, c.action])).toEqual([
      ['example.com./TXT', 'removed'],
      ['mail.example.com./A', 'added'],
      ['www.example.com./A', 'changed'],
    ]);
    expect(patchOf(7, changes)).toEqual({
      version: 7,
      rrsets: [
        { name: zone, type: 'TXT', changetype: 'DELETE' },
        {
          name: 'mail.example.com.',
          type: 'A',
          ttl: 3600,
          changetype: 'REPLACE',
          records: [{ content: '192.0.2.25', disabled: false }],
          comments: [],
        },
        {
          name: 'www.example.com.',
          type: 'A',
          ttl: 300,
          changetype: 'REPLACE',
          records: [{ content: '192.0.2.1', disabled: false }],
          comments: [],
        },
      ],
    });
  });

  it('counts disabling a record as a change and sends kept comments back with their author and date', () => {
    const txt = loaded[2]!;
    const edits: Edits = {
      'example.com./TXT': { ...txt, records: [{ content: '"v=spf1 -all"', disabled: true }] },
    };
    const [change] = changesOf(loaded, edits);
    expect(change?.action).toBe('changed');
    expect(patchOf(1, [change!]).rrsets[0]).toMatchObject({
      records: [{ content: '"v=spf1 -all"', disabled: true }],
      comments: [{ content: 'no mail', account: 'ops@example.com', modified_at: '2026-11-01T10:00:00' }],
    });
  });

  it('lays the edits over the zone, apex first, removed rows kept and marked', () => {
    const edits: Edits = {
      'www.example.com./A': null,
      'a.example.com./MX': rr('a.example.com.', 'MX', ['0 .']),
    };
    expect(rowsOf(loaded, edits).map((r) => `${r.key} ${r.state}`)).toEqual([
      'example.com./NS same',
      'example.com./TXT same',
      'a.example.com./MX added',
      'www.example.com./A removed',
    ]);
    expect(typesByName(loaded, edits).get('www.example.com.')).toBeUndefined();
  });

  it("puts a 400's field messages back on the rrset and record they name", () => {
    const changes = changesOf(loaded, {
      'a.example.com./A': rr('a.example.com.', 'A', ['192.0.2.9']),
      'b.example.com./TLSA': rr('b.example.com.', 'TLSA', ['bad']),
    });
    expect(
      problemsByRrset(
        { 'rrsets.1.records.0.content': ['PowerDNS: parsing failed'], 'rrsets.0.name': ['x'], other: ['y'] },
        changes,
      ),
    ).toEqual({
      'b.example.com./TLSA': [{ message: 'PowerDNS: parsing failed', record: 0 }],
      'a.example.com./A': [{ message: 'x', record: null }],
    });
  });
});

describe('the rrset form', () => {
  const ctx = { zone, original: null, exists: (k: string) => k === 'www.example.com./A', typesAt: () => [] };

  it('turns what was typed into the rrset it means', () => {
    const form = {
      ...formOf(null, zone),
      name: 'mail',
      records: [{ content: ' 192.0.2.25 ', disabled: false }],
    };
    expect(checkForm(form, ctx)).toEqual({ rrset: rr('mail.example.com.', 'A', ['192.0.2.25']) });
  });

  it('reports each problem on its field', () => {
    const form = {
      name: 'www',
      type: 'A',
      ttl: '0',
      records: [
        { content: '192.0.2.1', disabled: false },
        { content: '192.0.2.1', disabled: false },
        { content: 'nope', disabled: false },
      ],
      comment: '',
    };
    const checked = checkForm(form, ctx);
    expect('problems' in checked && checked.problems).toEqual({
      name: { key: 'validation.exists' },
      ttl: { key: 'validation.ttl' },
      'records.1': { key: 'validation.sameContent' },
      'records.2': { key: 'validation.ipv4' },
    });
    const cname = checkForm(
      {
        ...formOf(null, zone),
        name: 'www',
        type: 'CNAME',
        records: [{ content: 'x.net.', disabled: false }],
      },
      {
        ...ctx,
        exists: () => false,
        typesAt: () => ['A'],
      },
    );
    expect('problems' in cname && cname.problems.type).toEqual({ key: 'validation.cnameAlone' });
  });

  it('keeps an unchanged comment as it was and writes a changed one as new', () => {
    const original = loaded[2]!;
    const kept = checkForm(formOf(original, zone), { ...ctx, original });
    expect('rrset' in kept && kept.rrset.comments).toEqual(original.comments);
    const changed = checkForm({ ...formOf(original, zone), comment: 'SPF only' }, { ...ctx, original });
    expect('rrset' in changed && changed.rrset.comments).toEqual([
      { content: 'SPF only', account: '', modifiedAt: null },
    ]);
  });
});
