import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../db/database';
import { ingestFile } from '../../ingest/ingest-file';
import { organizationsAddressed } from '../../ingest/recipients';
import type { FileResult, IncomingFile } from '../../ingest/types';
import { reportsRefused } from '../../lib/metrics';
import type { ReportAddressing } from '../report-address';
import { clientLimiter } from './smtp-limits';
import { tlsFiles, type TlsFiles } from './smtp-tls';

// An SMTP listener for the rua/ruf address: every message received is imported as an e-mail file (the parser
// finds the report attachments). The reply comes after the commit: 250 once stored (or when the message
// holds no report: retrying would not help), 451 when storing failed, so the sender's MTA tries again later
// (RFC 5321 section 4.2.5: a 4yz reply means "try again"). The envelope's recipients (RCPT TO) that are
// organizations' own report addresses route the reports by address first (server/ingest/ownership.ts);
// with addressing set, any other recipient is refused at RCPT time.

export const maxInboundMessageBytes = 50 * 1024 * 1024;

export type SmtpListener = { port: number; close: () => Promise<void> };

export type SmtpListenerOptions = {
  db: Db;
  logger: Logger;
  port: number;
  host?: string;
  /** How organizations' report addresses are spelt (REPORT_ADDRESS_DOMAIN); unset: routing by name only. */
  addressing?: ReportAddressing;
  /** PEM files for STARTTLS; unset: plain SMTP only. */
  tls?: TlsFiles;
  maxMessageBytes?: number;
  maxConnectionsPerClient?: number;
  messagesPerMinute?: number;
  onResult?: (result: FileResult) => void;
};

/** An SMTP reply as smtp-server sends it: the code, then the enhanced status code (RFC 3463). */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { db, logger } = options;
  const limiter = clientLimiter({
    maxConnections: options.maxConnectionsPerClient ?? 5,
    messagesPerMinute: options.messagesPerMinute ?? 30,
  });
  const certificate = options.tls ? tlsFiles(options.tls) : null;
  // The certificate is read before listening: a missing or unreadable file stops the start, naming it.
  const initial = certificate?.first();
  const refused = (reason: string) => reportsRefused.inc({ source: 'smtp', reason });
  const counted = new WeakSet<SMTPServerSession>();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: certificate ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(initial ? { key: initial.key, cert: initial.cert } : {}),
    size: options.maxMessageBytes ?? maxInboundMessageBytes,
    banner: 'msas report receiver',
    logger: false,
    onConnect(session, callback) {
      const fresh = certificate?.changed();
      if (fresh) {
        try {
          server.updateSecureContext({ key: fresh.key, cert: fresh.cert });
          logger.info('SMTP listener: STARTTLS certificate reloaded');
        } catch (err) {
          // A certificate and key that do not match yet (one file written, not the other): keep the old.
          logger.warn({ err }, 'SMTP listener: the new certificate or key is not usable, the old one stays');
        }
      }
      if (!limiter.connect(session.remoteAddress)) {
        refused('too_many_connections');
        return callback(reply(421, '4.7.0 Too many connections from your address, try again later'));
      }
      counted.add(session);
      callback();
    },
    onClose(session) {
      if (counted.delete(session)) limiter.disconnect(session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      if (limiter.message(session.remoteAddress)) return callback();
      refused('rate_limited');
      // RFC 5321 section 4.2.2, 451: local error in processing; the sender's MTA retries later.
      callback(reply(451, '4.7.1 Too many messages from your address, try again later'));
    },
    onRcptTo(address, _session, callback) {
      if (!options.addressing) return callback();
      organizationsAddressed(db, [address.address], options.addressing).then(
        (ids) => {
          if (ids.length > 0) return callback();
          refused('unknown_recipient');
          // RFC 3463 5.1.1: bad destination mailbox address.
          callback(reply(550, '5.1.1 No such report address here'));
        },
        (err: unknown) => {
          logger.error({ err }, 'SMTP listener: looking up a recipient failed');
          callback(reply(451, '4.3.0 Cannot check the address now, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          refused('too_large');
          return callback(reply(552, '5.3.4 Message exceeds the size limit'));
        }
        const name = `smtp-${session.id}.eml`;
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const file: IncomingFile = { name, bytes: Buffer.concat(chunks), source: 'smtp' };
        ingestAddressed(db, file, recipients, options.addressing).then(
          ({ result }) => {
            options.onResult?.(result);
            logger.info(
              { file: name, status: result.status, reason: result.reason },
              'report received by SMTP',
            );
            callback(null, result.status === 'rejected' ? 'Accepted, but no report found' : 'Report stored');
          },
          (err: unknown) => {
            logger.error({ err, file: name }, 'storing a report received by SMTP failed');
            callback(reply(451, 'Cannot store the report now, try again later'));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => logger.error({ err }, 'SMTP listener error'));
  const address = (server as unknown as { server: { address: () => AddressInfo } }).server.address();
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function ingestAddressed(
  db: Db,
  file: IncomingFile,
  recipients: string[],
  addressing: ReportAddressing | undefined,
) {
  const addressedTo = addressing ? await organizationsAddressed(db, recipients, addressing) : [];
  return ingestFile(db, file, { addressedTo });
}
