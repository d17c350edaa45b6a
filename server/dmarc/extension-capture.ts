import type { ExtensionNode } from './types';

// Keeps vendor extension elements (RFC 9990 section 4) as small trees. A shared allowance caps what one
// report may hold, so extensions cannot be used to smuggle megabytes into memory.

export class ExtensionCapture {
  private stack: ExtensionNode[] = [];
  private nodesLeft: number;
  private charsLeft: number;
  truncated = false;

  constructor(maxNodes = 2000, maxChars = 256 * 1024) {
    this.nodesLeft = maxNodes;
    this.charsLeft = maxChars;
  }

  get active(): boolean {
    return this.stack.length > 0;
  }

  /** Starts a new captured tree; returns its root (to be attached by the caller) or null when out of room. */
  begin(name: string, attributes: Record<string, string>): ExtensionNode | null {
    const node = this.make(name, attributes);
    if (node) this.stack.push(node);
    return node;
  }

  open(name: string, attributes: Record<string, string>): void {
    const parent = this.stack[this.stack.length - 1];
    const node = this.make(name, attributes);
    // A placeholder keeps the stack aligned with the document when the allowance has run out.
    const placeholder: ExtensionNode = { name, attributes: {}, text: '', children: [] };
    if (node && parent) parent.children.push(node);
    this.stack.push(node ?? placeholder);
  }

  text(t: string): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || t.trim() === '') return;
    const take = t.trim().slice(0, Math.max(0, this.charsLeft));
    if (take.length < t.trim().length) this.truncated = true;
    this.charsLeft -= take.length;
    top.text += take;
  }

  close(): void {
    this.stack.pop();
  }

  private make(name: string, attributes: Record<string, string>): ExtensionNode | null {
    if (this.nodesLeft <= 0) {
      this.truncated = true;
      return null;
    }
    this.nodesLeft -= 1;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(attributes)) {
      const take = v.slice(0, Math.max(0, this.charsLeft));
      this.charsLeft -= take.length + k.length;
      attrs[k] = take;
    }
    return { name, attributes: attrs, text: '', children: [] };
  }
}
