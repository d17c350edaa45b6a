import net from 'node:net';

// A minimal IMAP4rev1 client (RFC 3501) for checking the test mailbox: tagged commands, literal APPEND.
export class ImapSession {
  private buffer = '';
  private waiters: (() => void)[] = [];
  private tag = 0;

  private constructor(private socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async connect(port: number, host = '127.0.0.1'): Promise<ImapSession> {
    const socket = net.connect({ port, host });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const session = new ImapSession(socket);
    await session.until((b) => /^\* OK/m.test(b));
    session.buffer = '';
    return session;
  }

  private async until(done: (buffer: string) => boolean, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.buffer)) {
      if (Date.now() > deadline) throw new Error(`IMAP timeout; received: ${this.buffer}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.buffer;
  }

  // Sends one command; resolves with all lines up to and including its tagged completion.
  async command(text: string, literal?: string): Promise<string> {
    const tag = `a${++this.tag}`;
    this.buffer = '';
    if (literal === undefined) {
      this.socket.write(`${tag} ${text}\r\n`);
    } else {
      this.socket.write(`${tag} ${text} {${Buffer.byteLength(literal)}}\r\n`);
      await this.until((b) => /^\+/m.test(b));
      this.socket.write(`${literal}\r\n`);
    }
    const out = await this.until((b) => new RegExp(`^${tag} (OK|NO|BAD)`, 'm').test(b));
    if (!new RegExp(`^${tag} OK`, 'm').test(out))
      throw new Error(`IMAP ${text.split(' ')[0]} failed: ${out}`);
    return out;
  }

  close() {
    this.socket.destroy();
  }
}
