import { disposition, dkimResult, dmarcVerdict, domain, spfResult, spfScope } from './normalise';

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
