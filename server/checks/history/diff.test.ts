import { describe, expect, it } from 'vitest';
import { itemsToWrite } from './diff';

const txt = (content: string, ttl = 300) => ({ rrType: 'TXT', ttl, content });

describe('itemsToWrite', () => {
  it('writes the first set seen and nothing when a lookup failed', () => {
    expect(itemsToWrite('spf', [], [txt('v=spf1 -all')])).toEqual([txt('v=spf1 -all')]);
    expect(itemsToWrite('spf', [txt('v=spf1 -all')], null)).toBeNull();
  });

  it('ignores TTL changes and order, writes real changes', () => {
    const a = [
      { rrType: 'A', ttl: 60, content: '192.0.2.1' },
      { rrType: 'MX', ttl: 60, content: '10 mx.example.com' },
    ];
    const reordered = [
      { rrType: 'MX', ttl: 30, content: '10 mx.example.com' },
      { rrType: 'A', ttl: 12, content: '192.0.2.1' },
    ];
    expect(itemsToWrite('dns', a, reordered)).toBeNull();
    const changed = [...reordered, { rrType: 'AAAA', ttl: 60, content: '2001:db8::1' }];
    expect(itemsToWrite('dns', a, changed)).toEqual(changed);
  });

  it('marks a removed set once, and a set that comes back as a change', () => {
    expect(itemsToWrite('dmarc', [txt('v=DMARC1; p=none')], [])).toEqual([
      { rrType: 'TXT', ttl: 0, content: '' },
    ]);
    const marker = [{ rrType: 'TXT', ttl: 0, content: '' }];
    expect(itemsToWrite('dmarc', marker, [])).toBeNull();
    expect(itemsToWrite('dmarc', [], [])).toBeNull();
    expect(itemsToWrite('dmarc', marker, [txt('v=DMARC1; p=reject')])).toEqual([txt('v=DMARC1; p=reject')]);
  });
});
