// Damaged copies of report files for tests/integration/ingest-fuzz.test.ts, from a seeded PRNG so a failing
// case can be replayed by its number.

const tokens = [
  '<',
  '>',
  '</record>',
  '<record>',
  '<count>0</count>',
  '<count>-5</count>',
  '<source_ip>::1</source_ip>',
  '<report_id>fz</report_id>',
  '&amp;',
  '\u0000',
  '\u00ff\u00fe',
  '<!DOCTYPE x [<!ENTITY e "e">]>',
  ']]>',
  '\r\n\r\n',
];

/** One damaged copy: truncated, bytes flipped, a span cut or doubled, a token spliced in, or left intact. */
export function mutate(src: Buffer, rnd: () => number): { bytes: Buffer; how: string } {
  const at = (n = src.length) => Math.floor(rnd() * Math.max(1, n));
  const b = Buffer.from(src);
  switch (Math.floor(rnd() * 8)) {
    case 0:
      return { bytes: b.subarray(0, at()), how: 'truncated' };
    case 1: {
      for (let i = 0, n = 1 + at(8); i < n; i++) b[at()] = Math.floor(rnd() * 256);
      return { bytes: b, how: 'bytes flipped' };
    }
    case 2: {
      const i = at();
      return { bytes: Buffer.concat([b.subarray(0, i), b.subarray(i + 1 + at(64))]), how: 'span cut' };
    }
    case 3:
    case 4: {
      const i = at();
      const token = Buffer.from(tokens[at(tokens.length)]);
      return { bytes: Buffer.concat([b.subarray(0, i), token, b.subarray(i)]), how: 'token spliced' };
    }
    case 5: {
      const i = at();
      const piece = b.subarray(i, i + at(400));
      return { bytes: Buffer.concat([b.subarray(0, i), piece, piece, b.subarray(i)]), how: 'span doubled' };
    }
    case 6:
      // Intact copies arrive again and again: they must come back as duplicates.
      return { bytes: b, how: 'intact' };
    default:
      return { bytes: b.subarray(at(Math.min(64, b.length))), how: 'head cut' };
  }
}
