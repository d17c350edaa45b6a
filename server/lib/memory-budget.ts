// Memory that concurrent work of one kind may hold at once (report uploads: the received bytes and every
// byte the parser inflates), so that many uploads at the same moment cannot add up past the machine's
// memory. Each request holds a lease: it takes bytes as it goes and gives them all back when it ends.

export type Take = 'ok' | 'busy' | 'too-big';

export class MemoryBudget {
  private used = 0;
  constructor(readonly total: number) {}

  get inUse(): number {
    return this.used;
  }

  /**
   * Takes n bytes for a holder that already has `held`: 'busy' when they fit once others give theirs back,
   * 'too-big' when they would not fit even alone.
   */
  take(n: number, held: number): Take {
    if (held + n > this.total) return 'too-big';
    if (this.used + n > this.total) return 'busy';
    this.used += n;
    return 'ok';
  }

  give(n: number): void {
    this.used = Math.max(0, this.used - n);
  }

  lease(): Lease {
    return new Lease(this);
  }
}

export class Lease {
  private held = 0;
  constructor(private readonly budget: MemoryBudget) {}

  get bytes(): number {
    return this.held;
  }

  take(n: number): Take {
    const r = this.budget.take(n, this.held);
    if (r === 'ok') this.held += n;
    return r;
  }

  /** Gives back what was taken after `mark` (a file's inflated bytes once it is stored), or everything. */
  releaseTo(mark = 0): void {
    if (this.held <= mark) return;
    this.budget.give(this.held - mark);
    this.held = mark;
  }
}
