import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Throw-away certificates made with the openssl CLI at test time (Node cannot sign X.509), in a temp dir
// removed by cleanup(). No private key is ever written to the repository.

export type Leaf = { key: string; cert: string };

export type TestCa = {
  dir: string;
  caFile: string;
  /** Issues a leaf for altNames (the first is also the CN), written as <name>.key / <name>.pem in dir. */
  issue: (name: string, altNames: string[]) => Leaf;
  cleanup: () => void;
};

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

const newEcKey = (name: string) => [
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:P-256',
  '-nodes',
  '-keyout',
  `${name}.key`,
];

/** A self-signed certificate <name>.pem with its key <name>.key. */
function selfSigned(dir: string, name: string, subject: string, days: number, extensions: string[]): void {
  const addext = extensions.flatMap((e) => ['-addext', e]);
  openssl(
    [
      'req',
      '-x509',
      ...newEcKey(name),
      '-out',
      `${name}.pem`,
      '-days',
      String(days),
      '-subj',
      subject,
      ...addext,
    ],
    dir,
  );
}

/**
 * A test CA in a fresh temp dir. caDays is the CA's validity, leafDays that of the leaves it issues
 * (defaults: 2 and 1).
 */
export function createTestCa(opts: { caDays?: number; leafDays?: number } = {}): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'msas-ca-'));
  selfSigned(dir, 'ca', '/CN=msas test CA', opts.caDays ?? 2, [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const issue = (name: string, altNames: string[]): Leaf => {
    const ext = `${name}.ext`;
    writeFileSync(
      path.join(dir, ext),
      `subjectAltName=${altNames.map((n) => `DNS:${n}`).join(',')}\n` +
        'basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    openssl(['req', ...newEcKey(name), '-out', `${name}.csr`, '-subj', `/CN=${altNames[0]}`], dir);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        String(opts.leafDays ?? 1),
        '-extfile',
        ext,
      ],
      dir,
    );
    return {
      key: readFileSync(path.join(dir, `${name}.key`), 'utf8'),
      cert: readFileSync(path.join(dir, `${name}.pem`), 'utf8'),
    };
  };
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    issue,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A CA and a leaf it signs for the given names (chain = leaf + CA), plus a self-signed certificate. */
export function makeTestPki(names: string[], opts: { days?: number } = {}): TestPki {
  const days = opts.days ?? 30;
  const ca = createTestCa({ caDays: days, leafDays: days });
  const leaf = ca.issue('leaf', names);
  selfSigned(ca.dir, 'self', '/CN=self-signed.invalid', days, ['subjectAltName=DNS:self-signed.invalid']);
  const read = (f: string) => readFileSync(path.join(ca.dir, f), 'utf8');
  return {
    caPem: read('ca.pem'),
    leafKeyPem: leaf.key,
    leafPem: leaf.cert,
    chainPem: leaf.cert + read('ca.pem'),
    selfSignedKeyPem: read('self.key'),
    selfSignedPem: read('self.pem'),
    cleanup: ca.cleanup,
  };
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
