import type { Socket } from 'node:net';

// Reads SMTP replies (RFC 5321 §4.2): lines "ddd-text" continue a reply, "ddd text" ends it. One reader per
// socket; after STARTTLS a new reader is made on the TLS socket.

export type SmtpReply = { code: number; lines: string[] };

export class SmtpReplyReader {
  private buffer = '';
  private pending: string[] = [];
  private waiter: ((reply: SmtpReply | Error) => void) | null = null;
  private failure: Error | null = null;
  private readonly onData = (chunk: Buffer) => {
    this.buffer += chunk.toString('latin1');
    this.drain();
  };
  private readonly onEnd = () => this.fail(new Error('connection closed'));
  private readonly onError = (e: Error) => this.fail(e);

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  /** Stops listening, so the socket can be handed to tls.connect. */
  detach() {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
  }

  read(timeoutMs: number): Promise<SmtpReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = (r) => {
        clearTimeout(timer);
        this.waiter = null;
        if (r instanceof Error) reject(r);
        else resolve(r);
      };
      this.drain();
    });
  }

  private fail(e: Error) {
    this.failure ??= e;
    this.waiter?.(e);
  }

  private drain() {
    if (!this.waiter) return;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.pending.push(line);
      const m = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!m) return this.waiter(new Error(`malformed reply line: ${line.slice(0, 80)}`));
      if (m[2] !== '-') {
        const lines = this.pending.map((l) => l.slice(4));
        this.pending = [];
        return this.waiter({ code: Number(m[1]), lines });
      }
    }
    if (this.failure) this.waiter(this.failure);
  }
}
