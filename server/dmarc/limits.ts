import type { MemoryHook, ParseOptions } from './types';

const MB = 1024 * 1024;

export type Limits = {
  maxDecompressedBytes: number;
  maxArchiveMembers: number;
  maxDepth: number;
  maxInputBytes: number;
};

export const defaultLimits: Limits = {
  maxDecompressedBytes: 200 * MB,
  maxArchiveMembers: 50,
  maxDepth: 3,
  maxInputBytes: 200 * MB,
};

export const resolveLimits = (opts: ParseOptions = {}): Limits => ({
  maxDecompressedBytes: opts.maxDecompressedBytes ?? defaultLimits.maxDecompressedBytes,
  maxArchiveMembers: opts.maxArchiveMembers ?? defaultLimits.maxArchiveMembers,
  maxDepth: opts.maxDepth ?? defaultLimits.maxDepth,
  maxInputBytes: opts.maxInputBytes ?? defaultLimits.maxInputBytes,
});

/**
 * A rejection with a reason a person understands; thrown inside the parser, caught at the entry point.
 * A fatal one (a safety limit, an attack) rejects the whole input even from inside one archive member.
 */
export class Rejection extends Error {
  constructor(
    message: string,
    readonly fatal = false,
  ) {
    super(message);
  }
}

export const formatSize = (bytes: number): string =>
  bytes >= MB && bytes % MB === 0
    ? `${bytes / MB} MB`
    : bytes >= MB
      ? `${(bytes / MB).toFixed(1)} MB`
      : `${bytes} bytes`;

export const decompressedLimitReason = (limits: Limits) =>
  `Archive exceeds the ${formatSize(limits.maxDecompressedBytes)} decompressed limit`;

/**
 * Thrown when the memory shared by concurrent parses is taken by others: not a property of the file (it
 * parses once they finish), so it is not a Rejection; the upload answers 429.
 */
export class Busy extends Error {
  constructor() {
    super('The server is decompressing other uploads');
  }
}

/** Errors the decompressors pass on as they are, instead of calling the data damaged. */
export const isOwnError = (err: unknown) => err instanceof Rejection || err instanceof Busy;

/**
 * Shared by every decompressor of one input, so nested archives cannot multiply the cap. With a memory hook
 * every byte is also taken from the memory concurrent parses share.
 */
export class Budget {
  private used = 0;
  constructor(
    readonly limits: Limits,
    private readonly memory?: MemoryHook,
  ) {}

  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxDecompressedBytes)
      throw new Rejection(decompressedLimitReason(this.limits), true);
    const taken = this.memory?.take(bytes) ?? 'ok';
    if (taken === 'busy') throw new Busy();
    if (taken === 'too-big')
      throw new Rejection('The file inflates to more than the memory the server gives uploads', true);
  }

  get spent(): number {
    return this.used;
  }
}

/** Collects warnings with a cap so that a damaged 100 MB file cannot produce a million of them. */
export class Warnings {
  readonly list: string[] = [];
  private dropped = 0;
  constructor(private readonly cap = 200) {}

  add(message: string): void {
    if (this.list.length < this.cap) this.list.push(message);
    else this.dropped += 1;
  }

  finish(): string[] {
    return this.dropped > 0 ? [...this.list, `${this.dropped} more warnings were left out`] : this.list;
  }
}
