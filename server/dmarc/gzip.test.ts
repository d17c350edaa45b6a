import { gzipSync } from 'node:zlib';
import { gunzip, gunzipSmall } from './gzip';
import { Budget, Rejection, resolveLimits } from './limits';

const budget = (max = 200 * 1024 * 1024) => new Budget(resolveLimits({ maxDecompressedBytes: max }));

async function streamed(buf: Buffer, b: Budget): Promise<Buffer> {
  async function* one() {
    yield buf;
  }
  const parts: Buffer[] = [];
  for await (const c of gunzip(one(), b)) parts.push(c);
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
  it('gunzipSmall sets the bytes aside and says how many; the stream rejects them', async () => {
    const text = Buffer.from('<feedback>'.repeat(5000));
    const withTail = Buffer.concat([
      gzipSync(text),
      gzipSync(Buffer.from('tail')),
      Buffer.from('\r\n-- \r\n'),
    ]);
    const told: number[] = [];
    expect(gunzipSmall(withTail, budget(), (n) => told.push(n))?.toString()).toBe(`${text}tail`);
    expect(told).toEqual([7]);
    await expect(streamed(withTail, budget())).rejects.toThrow(/damaged/);
  });
});
