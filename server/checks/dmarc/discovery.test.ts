import { describe, expect, it } from 'vitest';
import { rfc7489Names, walkNames } from './discovery';

describe('walkNames (RFC 9989 §4.10)', () => {
  it('removes one label at a time down to the top-level label', () => {
    expect(walkNames('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com', 'com']);
  });

  it('jumps to the last seven labels when the name has more than eight', () => {
    const name = 'l1.l2.l3.l4.l5.l6.l7.l8.example.com';
    const names = walkNames(name);
    expect(names[0]).toBe(name);
    expect(names[1]).toBe('l4.l5.l6.l7.l8.example.com');
    expect(names).toHaveLength(8);
  });

  it('asks an RFC 7489 receiver only the domain and its organizational domain', () => {
    expect(rfc7489Names('a.b.example.co.uk')).toEqual(['a.b.example.co.uk', 'example.co.uk']);
    expect(rfc7489Names('example.com')).toEqual(['example.com']);
  });
});
