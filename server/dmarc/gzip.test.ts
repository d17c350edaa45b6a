import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { gunzip, gunzipSmall, smallGzipBytes } from './gzip';
import { Budget, Rejection, resolveLimits } from './limits';

const budget = (max = 200 * 1024 * 1024) => new Budget(resolveLimits({ maxDecompressedBytes: max }));

async function streamed(buf: Buffer, b: Budget, onIgnored?: (n: number) => void): Promise<Buffer> {
  async function* one() {
    yield buf;
  }
  const parts: Buffer[] = [];
  for await (const c of gunzip(one(), b, onIgnored)) parts.push(c);
  return Buffer.concat(parts);
}

describe('gunzipSmall', () => {
  it('inflates what the stream inflates, concatenated members too, and spends the budget', async () => {
    const text = Buffer.from('<feedback>'.repeat(5000));
    const two = Buffer.concat([gzipSync(text), gzipSync(Buffer.from('tail'))]);
    const b = budget();
    const out = gunzipSmall(two, b);
    expect(out?.equals(await streamed(two, budget()))).toBe(true);
    expect(b.spent).toBe(text.length + 4);
  });

  it('hands back null past the budget, so the caller streams and the budget rejects', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024));
    expect(gunzipSmall(bomb, budget(1024 * 1024))).toBeNull();
    await expect(streamed(bomb, budget(1024 * 1024))).rejects.toThrow(/decompressed limit/);
  });

  it('rejects damaged data with the same reason as the stream', async () => {
    const cut = gzipSync(Buffer.from('<feedback>'.repeat(100))).subarray(0, 30);
    let small: unknown;
    try {
      gunzipSmall(cut, budget());
    } catch (e) {
      small = e;
    }
    expect(small).toBeInstanceOf(Rejection);
    await expect(streamed(cut, budget())).rejects.toThrow((small as Error).message);
  });
});

describe('gzip data followed by other bytes', () => {
  it('gunzipSmall and the stream set the bytes aside and say how many', async () => {
    const text = Buffer.from('<feedback>'.repeat(5000));
    const withTail = Buffer.concat([
      gzipSync(text),
      gzipSync(Buffer.from('tail')),
      Buffer.from('\r\n-- \r\n'),
    ]);
    const told: number[] = [];
    expect(gunzipSmall(withTail, budget(), (n) => told.push(n))?.toString()).toBe(`${text}tail`);
    expect(told).toEqual([7]);
    expect((await streamed(withTail, budget(), (n) => told.push(n))).toString()).toBe(`${text}tail`);
    expect(told).toEqual([7, 7]);
  });
});

describe('a large file streamed (over 256 KB compressed) followed by other bytes', () => {
  // Random text does not compress, so the member is past smallGzipBytes and takes the stream.
  const report = Buffer.from(randomBytes(320 * 1024).toString('base64'));
  const member = gzipSync(report);

  async function inChunks(buf: Buffer, b: Budget, told: number[], size = 64 * 1024): Promise<Buffer> {
    async function* pieces() {
      for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
    }
    const parts: Buffer[] = [];
    for await (const c of gunzip(pieces(), b, (n) => told.push(n))) parts.push(c);
    return Buffer.concat(parts);
  }

  it('is past the small-file size', () => {
    expect(member.length).toBeGreaterThan(smallGzipBytes);
  });

  it.each([
    ['a line break', Buffer.from('\r\n')],
    ['a signature', Buffer.from('\r\n-- \r\nSent by the mail gateway\r\n')],
    ['binary garbage', Buffer.from([0x00, 0xff, 0x1f, 0x8b, 0x42])],
  ])('sets %s aside and says how many bytes, spending the budget on the output only', async (_, tail) => {
    for (const size of [64 * 1024, 1000, member.length + tail.length]) {
      const told: number[] = [];
      const b = budget();
      const out = await inChunks(Buffer.concat([member, tail]), b, told, size);
      expect(out.equals(report)).toBe(true);
      expect(told).toEqual([tail.length]);
      expect(b.spent).toBe(report.length);
    }
  });

  it('inflates every member, with the bytes after the last one set aside', async () => {
    const told: number[] = [];
    const data = Buffer.concat([member, gzipSync(Buffer.from('tail')), member, Buffer.from('\n')]);
    const out = await inChunks(data, budget(), told);
    expect(out.equals(Buffer.concat([report, Buffer.from('tail'), report]))).toBe(true);
    expect(told).toEqual([1]);
  });

  it('tells nothing when nothing follows', async () => {
    const told: number[] = [];
    expect((await inChunks(member, budget(), told)).equals(report)).toBe(true);
    expect(told).toEqual([]);
  });

  it('rejects a truncated member, a cut trailer, a wrong CRC and a damaged second member', async () => {
    const second = gzipSync(randomBytes(5000));
    const wrongCrc = Buffer.from(member);
    wrongCrc.writeUInt32LE((wrongCrc.readUInt32LE(wrongCrc.length - 8) ^ 1) >>> 0, wrongCrc.length - 8);
    const bad = [
      member.subarray(0, member.length - 5000),
      member.subarray(0, member.length - 3),
      wrongCrc,
      Buffer.concat([member, second.subarray(0, 2000), Buffer.from('\r\n')]),
    ];
    for (const data of bad) {
      const told: number[] = [];
      await expect(inChunks(data, budget(), told)).rejects.toThrow(Rejection);
      await expect(inChunks(data, budget(), told)).rejects.toThrow(/damaged or truncated/);
      expect(told).toEqual([]);
    }
  });

  it('stops at the budget chunk by chunk', async () => {
    const bomb = Buffer.concat([gzipSync(Buffer.alloc(64 * 1024 * 1024)), Buffer.from('\r\n')]);
    const b = budget(1024 * 1024);
    await expect(inChunks(bomb, b, [])).rejects.toThrow(/decompressed limit/);
    expect(b.spent).toBeLessThan(2 * 1024 * 1024);
  });
});
