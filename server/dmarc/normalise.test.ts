import {
  disposition,
  dkimResult,
  dmarcVerdict,
  domain,
  Interner,
  ipAddress,
  spfResult,
  spfScope,
} from './normalise';

describe('result words as reporters write them', () => {
  it('reads the canonical words as they are and damaged ones through lower-casing', () => {
    expect(['pass', 'Pass', ' PASS ', 'pa-ss'].map(dkimResult)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(['hardfail', 'HardFail', 'error', 'temp_error', 'bogus'].map(spfResult)).toEqual([
      'fail',
      'fail',
      'temperror',
      'temperror',
      null,
    ]);
    expect(['softfail', 'none', 'Neutral', 'maybe'].map(dmarcVerdict)).toEqual([
      'fail',
      'fail',
      'fail',
      null,
    ]);
    expect(['pass', 'reject', 'Quarantine', 'drop'].map(disposition)).toEqual([
      'none',
      'reject',
      'quarantine',
      null,
    ]);
    expect(['mfrom', 'HELO', 'pra'].map(spfScope)).toEqual(['mfrom', 'helo', null]);
  });

  it('lower-cases domains and drops one trailing root dot', () => {
    expect([' Example.COM. ', 'example.com', 'a.b..', ''].map(domain)).toEqual([
      'example.com',
      'example.com',
      'a.b.',
      '',
    ]);
  });
});

describe('the Interner caches by raw text', () => {
  it('gives what domain() and ipAddress() give, the same string each time, and no cached failure', () => {
    const intern = new Interner();
    for (const raw of [' Example.COM. ', 'example.com', 'a.b..', '', 'Example.COM.']) {
      expect(intern.domain(raw)).toBe(domain(raw));
    }
    expect(intern.domain(' Example.COM. ')).toBe(intern.domain('example.com'));
    for (const raw of ['10.0.0.1', ' [IPv6:2001:DB8::1] ', '256.1.1.1', '1.2.3.04', '', '10.0.0.1']) {
      expect(intern.ip(raw)).toBe(ipAddress(raw));
    }
    expect(intern.ip('256.1.1.1')).toBeNull();
  });
});
