import { lsnBytes } from './replica';

describe('lsnBytes', () => {
  it('reads both 32-bit halves of a pg_lsn', () => {
    expect(lsnBytes('0/3000000')).toBe(0x3000000n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnBytes('1/0') - lsnBytes('0/FFFFFFFF')).toBe(1n);
  });
});
