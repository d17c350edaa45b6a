import type { Readable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { Budget, decompressedLimitReason, isOwnError, Rejection, type Limits } from './limits';
import type { ReportPart } from './report-part';

// Zip members (PKWARE APPNOTE) read one at a time with yauzl. Names are never used as paths, so they are
// not validated; an empty name is fine. Sizes are checked while inflating (yauzl's validateEntrySizes and
// the shared budget), not only from the headers an attacker wrote.

export type ZipMember = {
  name: string;
  chunks: () => AsyncGenerator<Buffer>;
  /** The member's own bytes, to store with the reports found in it (call after reading chunks). */
  part: () => Promise<ReportPart>;
};

/** CRC-32 and length of the inflated bytes as they go by, for the gzip trailer of part(). */
type Tally = { crc: number; size: number; complete: boolean };

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

const openStream = (zip: ZipFile, entry: Entry, raw = false): Promise<Readable> =>
  new Promise((resolve, reject) => {
    const done = (err: Error | null, stream: Readable) => (err ? reject(damaged(err)) : resolve(stream));
    if (raw) zip.openReadStream(entry, { decodeFileData: false }, done);
    else zip.openReadStream(entry, done);
  });

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

const entryName = (entry: Entry): string => {
  const raw = entry.fileName as unknown;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
};

async function* inflate(
  zip: ZipFile,
  entry: Entry,
  name: string,
  budget: Budget,
  tally: Tally | null,
): AsyncGenerator<Buffer> {
  const stream = await openStream(zip, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.spend(chunk.length);
      if (tally) {
        tally.crc = crc32(chunk, tally.crc);
        tally.size += chunk.length;
      }
      yield chunk;
    }
    if (tally) tally.complete = true;
  } catch (err) {
    if (isOwnError(err)) throw err;
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

/** A gzip file (RFC 1952) around raw DEFLATE data: header, data, CRC-32 and length (ISIZE) of the output. */
const gzipAround = (deflated: Buffer, crc: number, size: number) => {
  const head = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(crc >>> 0, 0);
  tail.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([head, deflated, tail]);
};

/**
 * A member's own bytes: a stored member as it is; a deflated one as the same DEFLATE data in a gzip wrapper
 * (`name.gz`), so it keeps the size it had in the archive and needs no compressing again. When the parser
 * stopped before the end of the member (text after the root element), the CRC is taken from a second
 * inflation rather than trusted from the archive's header.
 */
async function memberPart(
  zip: ZipFile,
  entry: Entry,
  name: string,
  budget: Budget,
  tally: Tally,
): Promise<ReportPart> {
  const raw = await collect(await openStream(zip, entry, true));
  if (entry.compressionMethod === 0) return { name, bytes: raw };
  if (!tally.complete) {
    let whole: Buffer;
    try {
      whole = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget.limits.maxDecompressedBytes) });
    } catch (err) {
      throw new Rejection(`Zip member ${JSON.stringify(name)} is damaged (${(err as Error).message})`);
    }
    budget.spend(whole.length);
    tally.crc = crc32(whole);
    tally.size = whole.length;
  }
  return { name: `${name}.gz`, bytes: gzipAround(raw, tally.crc, tally.size) };
}

/** The file members of a zip held in memory, in order. Throws a fatal Rejection past the limits. */
export async function* zipMembers(
  buf: Buffer,
  limits: Limits,
  budget: Budget,
  keepParts = false,
): AsyncGenerator<ZipMember> {
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
      const tally: Tally = { crc: 0, size: 0, complete: false };
      yield {
        name,
        chunks: encrypted
          ? () => refuse(`Zip member ${JSON.stringify(name)} is encrypted`)
          : () => inflate(zip, entry, name, budget, keepParts ? tally : null),
        part: () => memberPart(zip, entry, name, budget, tally),
      };
    }
  } finally {
    zip.close();
  }
}
