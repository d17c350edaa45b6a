import fs from 'node:fs';

// The STARTTLS certificate (RFC 3207) from PEM files, read again when either file changes: a renewed
// certificate (certbot, an ACME client) is used from the next connection without a restart. The check is a
// stat of both files per connection, cheaper than a TLS handshake, and works where fs.watch does not
// (files replaced by rename, network file systems).

export type TlsFiles = { certFile: string; keyFile: string };
export type TlsMaterial = { cert: Buffer; key: Buffer };

const stamp = (file: string) => {
  const s = fs.statSync(file);
  return `${s.mtimeMs}:${s.size}:${s.ino}`;
};

export function tlsFiles(files: TlsFiles) {
  let seen = '';
  /** The files' contents; throws with the file named when one cannot be read. */
  const read = (): TlsMaterial => {
    try {
      return { cert: fs.readFileSync(files.certFile), key: fs.readFileSync(files.keyFile) };
    } catch (err) {
      throw new Error(`Cannot read the STARTTLS certificate or key: ${(err as Error).message}`, {
        cause: err,
      });
    }
  };
  const stamps = () => `${stamp(files.certFile)}|${stamp(files.keyFile)}`;
  return {
    /** The files at start: a missing or unreadable one throws, naming it. */
    first(): TlsMaterial {
      const material = read();
      seen = stamps();
      return material;
    },
    /** New contents when either file changed since the last call, else null. */
    changed(): TlsMaterial | null {
      let now: string;
      try {
        now = stamps();
      } catch {
        return null; // Mid-rename: keep the certificate in use.
      }
      if (now === seen) return null;
      try {
        const material = read();
        seen = now;
        return material;
      } catch {
        return null; // Gone between the stat and the read: the next connection looks again.
      }
    },
  };
}
