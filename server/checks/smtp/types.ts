import type { CheckWarning } from '../score/warning';

// The SMTP servers / TLS check result (spec section 3: the DNS check result carries its tlsScore).

export type SmtpStepName =
  'resolve' | 'connect' | 'banner' | 'ehlo' | 'starttls' | 'tls' | 'ehlo_tls' | 'quit';

/** One step of the conversation and how long it took (milliseconds). */
export type SmtpStep = { step: SmtpStepName; ms: number; ok: boolean; detail?: string };

export type CertificateInfo = {
  subject: string;
  issuer: string;
  subjectAltNames: string[];
  validFrom: string;
  validTo: string;
  /** Whole days until validTo (negative when expired). */
  daysLeft: number;
  fingerprint256: string;
  selfSigned: boolean;
};

export type TlsInfo = {
  protocol: string | null;
  cipher: string | null;
  /** The chain verified against the trusted CAs (Node's rejectUnauthorized logic, without rejecting). */
  trusted: boolean;
  trustError: string | null;
  /** The leaf certificate is valid for the MX host name (RFC 6125 rules as in tls.checkServerIdentity). */
  nameMatches: boolean;
  expired: boolean;
  /** Leaf first, then each issuer the server sent. */
  chain: CertificateInfo[];
};

export type SmtpHostResult = {
  host: string;
  preference: number;
  address: string | null;
  port: number;
  banner: string | null;
  /** EHLO keywords before STARTTLS (e.g. SIZE, PIPELINING, STARTTLS). */
  extensions: string[];
  startTls: boolean;
  tls: TlsInfo | null;
  steps: SmtpStep[];
  warnings: CheckWarning[];
  score: number;
};

export type SmtpCheckResult = {
  domain: string;
  nullMx: boolean;
  hosts: SmtpHostResult[];
  warnings: CheckWarning[];
  /** tlsScore of the DNS check result. */
  score: number;
};

export type SmtpProbeOptions = {
  port: number;
  /** Per-step timeout (connect, each reply, the TLS handshake). */
  timeoutMs: number;
  /** Name we greet with in EHLO. */
  helo: string;
  /** Extra trusted CA certificates (PEM), added to Node's root store. */
  ca?: string[];
};

/** A probe's result plus the raw DER chain the host presented (for DANE matching; not sent to clients). */
export type SmtpProbe = { result: SmtpHostResult; chain: Buffer[] };
