import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Budget, Rejection } from './limits';

// Inflates gzip (RFC 1952) as a stream and counts every output byte against the shared budget, so a
// gzip bomb stops at the cap instead of at the end of memory. The gzip size trailer is never trusted.

export async function* gunzip(chunks: AsyncIterable<Buffer>, budget: Budget): AsyncGenerator<Buffer> {
  const input = Readable.from(chunks, { objectMode: false });
  const gz = createGunzip();
  input.on('error', (err) => gz.destroy(err));
  input.pipe(gz);
  try {
    for await (const out of gz as AsyncIterable<Buffer>) {
      budget.spend(out.length);
      yield out;
    }
  } catch (err) {
    if (err instanceof Rejection) throw err;
    throw new Rejection(`The gzip data is damaged or truncated (${(err as Error).message})`);
  } finally {
    input.destroy();
    gz.destroy();
  }
}
