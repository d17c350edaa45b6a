import type { ParseOptions } from './types';

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

/** Shared by every decompressor of one input, so nested archives cannot multiply the cap. */
export class Budget {
  private used = 0;
  constructor(readonly limits: Limits) {}

  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxDecompressedBytes)
      throw new Rejection(decompressedLimitReason(this.limits), true);
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
