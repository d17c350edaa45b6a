import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { Budget, decompressedLimitReason, Rejection, type Limits } from './limits';

// Zip members (PKWARE APPNOTE) read one at a time with yauzl. Names are never used as paths, so they are
// not validated; an empty name is fine. Sizes are checked while inflating (yauzl's validateEntrySizes and
// the shared budget), not only from the headers an attacker wrote.

export type ZipMember = { name: string; chunks: () => AsyncGenerator<Buffer> };

const damaged = (err: unknown) => new Rejection(`The zip archive is damaged (${(err as Error).message})`);

const open = (buf: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err ? reject(damaged(err)) : resolve(zip)),
    );
  });

const nextEntry = (zip: ZipFile): Promise<Entry | null> =>
  new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(damaged(err)));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });

const openStream = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(damaged(err)) : resolve(stream)));
  });

const entryName = (entry: Entry): string => {
  const raw = entry.fileName as unknown;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
};

async function* inflate(zip: ZipFile, entry: Entry, name: string, budget: Budget): AsyncGenerator<Buffer> {
  const stream = await openStream(zip, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.spend(chunk.length);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof Rejection) throw err;
    const message = (err as Error).message;
    if (/too many bytes/i.test(message)) {
      throw new Rejection(
        `Zip member ${JSON.stringify(name)} inflates beyond the size its header declares`,
        true,
      );
    }
    throw new Rejection(`Zip member ${JSON.stringify(name)} is damaged (${message})`);
  } finally {
    stream.destroy();
  }
}

// eslint-disable-next-line require-yield
async function* refuse(reason: string): AsyncGenerator<Buffer> {
  throw new Rejection(reason);
}

/** The file members of a zip held in memory, in order. Throws a fatal Rejection past the limits. */
export async function* zipMembers(buf: Buffer, limits: Limits, budget: Budget): AsyncGenerator<ZipMember> {
  const zip = await open(buf);
  try {
    if (zip.entryCount > limits.maxArchiveMembers) {
      throw new Rejection(`Zip holds more than ${limits.maxArchiveMembers} members`, true);
    }
    for (;;) {
      const entry = await nextEntry(zip);
      if (entry === null) return;
      const name = entryName(entry);
      if (name.endsWith('/')) continue;
      // An honest header already tells that a member is too big; a lying one is caught while inflating.
      if (budget.spent + entry.uncompressedSize > limits.maxDecompressedBytes) {
        throw new Rejection(decompressedLimitReason(limits), true);
      }
      const encrypted = entry.isEncrypted();
      yield {
        name,
        chunks: encrypted
          ? () => refuse(`Zip member ${JSON.stringify(name)} is encrypted`)
          : () => inflate(zip, entry, name, budget),
      };
    }
  } finally {
    zip.close();
  }
}
