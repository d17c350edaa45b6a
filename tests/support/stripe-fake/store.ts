import { randomBytes } from 'node:crypto';
import { missing } from './errors';
import type { FakeEvent, FakeObject } from './objects';

type Prefix = 'prod' | 'price' | 'cus' | 'pm' | 'sub' | 'si' | 'in' | 'cs' | 'bps' | 'evt';

/** Everything the fake knows: objects by id, in creation order, its clock and the events it has emitted. */
export class Store {
  private readonly objects = new Map<string, FakeObject>();
  readonly events: FakeEvent[] = [];
  /** Unix seconds; starts at the real time and only moves forward (clock.ts). */
  now = Math.floor(Date.now() / 1000);
  private sequence = 0;
  invoiceNumbers = new Map<string, number>();

  id(prefix: Prefix): string {
    this.sequence += 1;
    // Ids sort in creation order within one fake (lists rely on it), and differ between fakes.
    return `${prefix}_${this.sequence.toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  }

  put<T extends FakeObject>(value: T): T {
    this.objects.set(value.id, value);
    return value;
  }

  find(id: string): FakeObject | undefined {
    return this.objects.get(id);
  }

  get<K extends FakeObject['object']>(
    object: K,
    id: string,
    param = 'id',
  ): Extract<FakeObject, { object: K }> {
    const found = this.objects.get(id);
    if (!found || found.object !== object) throw missing(object.replace(/^.*\./, ''), id, param);
    return found as Extract<FakeObject, { object: K }>;
  }

  all<K extends FakeObject['object']>(object: K): Extract<FakeObject, { object: K }>[] {
    return [...this.objects.values()].filter((o) => o.object === object) as Extract<
      FakeObject,
      { object: K }
    >[];
  }
}
