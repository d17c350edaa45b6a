import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Test certificates made with the openssl CLI at test time, in a temp dir removed by cleanup(): a CA and a
// leaf it signs for the given names (the leaf's chain is leaf + CA), plus a self-signed one. No private key is
// ever written to the repository.

export type TestPki = {
  caPem: string;
  leafKeyPem: string;
  leafPem: string;
  /** leaf then CA, as an SMTP server sends them. */
  chainPem: string;
  selfSignedKeyPem: string;
  selfSignedPem: string;
  cleanup: () => void;
};

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export function makeTestPki(names: string[], opts: { days?: number } = {}): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'msas-tls-'));
  const days = String(opts.days ?? 30);
  const san = names.map((n) => `DNS:${n}`).join(',');
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      days,
      '-subj',
      '/CN=msas test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(
    [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      `/CN=${names[0]}`,
    ],
    dir,
  );
  writeFileSync(
    path.join(dir, 'leaf.ext'),
    `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'leaf.pem',
      '-days',
      days,
      '-extfile',
      'leaf.ext',
    ],
    dir,
  );
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      days,
      '-subj',
      '/CN=self-signed.invalid',
      '-addext',
      'subjectAltName=DNS:self-signed.invalid',
    ],
    dir,
  );
  const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
  const pki: TestPki = {
    caPem: read('ca.pem'),
    leafKeyPem: read('leaf.key'),
    leafPem: read('leaf.pem'),
    chainPem: read('leaf.pem') + read('ca.pem'),
    selfSignedKeyPem: read('self.key'),
    selfSignedPem: read('self.pem'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  return pki;
}

/** TLSA association data computed by the openssl CLI (independent of the code under test). */
export function opensslTlsaData(pem: string, selector: 0 | 1, matching: 0 | 1 | 2): string {
  const der =
    selector === 0
      ? execFileSync('openssl', ['x509', '-outform', 'DER'], { input: pem })
      : execFileSync('openssl', ['pkey', '-pubin', '-outform', 'DER'], {
          input: execFileSync('openssl', ['x509', '-pubkey', '-noout'], { input: pem }),
        });
  if (matching === 0) return der.toString('hex');
  const alg = matching === 1 ? '-sha256' : '-sha512';
  const out = execFileSync('openssl', ['dgst', alg, '-r'], { input: der }).toString();
  return out.split(' ')[0].trim();
}
