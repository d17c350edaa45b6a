import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/database';
import { ingestFile } from '../../ingest/ingest-file';
import { organizationsAddressed } from '../../ingest/recipients';
import type { FileResult, IncomingFile } from '../../ingest/types';
import type { ReportAddressing } from '../report-address';

// An SMTP listener for the rua/ruf address: every message received is imported as an e-mail file (the parser
// finds the report attachments). The reply comes after the commit: 250 once stored (or when the message
// holds no report: retrying would not help), 451 when storing failed, so the sender's MTA tries again later
// (RFC 5321 section 4.2.5: a 4yz reply means "try again"). The envelope's recipients (RCPT TO) that are
// organizations' own report addresses route the reports by address first (server/ingest/ownership.ts).

export const maxInboundMessageBytes = 50 * 1024 * 1024;

export type SmtpListener = { port: number; close: () => Promise<void> };

export async function startSmtpListener(options: {
  db: Db;
  logger: Logger;
  port: number;
  host?: string;
  /** How organizations' report addresses are spelt (REPORT_ADDRESS_DOMAIN); unset: routing by name only. */
  addressing?: ReportAddressing;
  onResult?: (result: FileResult) => void;
}): Promise<SmtpListener> {
  const { db, logger } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxInboundMessageBytes,
    banner: 'msas report receiver',
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          const err = Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 });
          return callback(err);
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
            callback(
              Object.assign(new Error('Cannot store the report now, try again later'), { responseCode: 451 }),
            );
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
