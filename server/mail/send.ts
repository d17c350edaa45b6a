import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';

export type OutgoingMail = { to: string; subject: string; text: string; replyTo?: string };

// Every message goes into the outbox table first (inside the caller's transaction); delivery happens after
// the commit, over SMTP when SMTP_URL is set. Without SMTP the outbox is the mailbox: the log names the
// message (never its body) and an operator reads it from the table.
export type Mailer = {
  queue: (db: Db, mail: OutgoingMail) => Promise<number>;
  deliver: (db: Db, outboxId: number) => Promise<boolean>;
  close: () => void;
};

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  logger: Logger,
  transport?: Transporter,
): Mailer {
  const smtp = transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined);

  return {
    async queue(db, mail) {
      const row = await db
        .insertInto('outbox')
        .values({ to: mail.to, reply_to: mail.replyTo ?? null, subject: mail.subject, text: mail.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async deliver(db, outboxId) {
      const mail = await db.selectFrom('outbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
      if (!mail || mail.sent_at) return false;
      if (!smtp) {
        logger.info({ outbox_id: mail.id, to: mail.to, subject: mail.subject }, 'mail stored in the outbox');
        return false;
      }
      try {
        await smtp.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        });
        await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', mail.id).execute();
        logger.info({ outbox_id: mail.id, to: mail.to, subject: mail.subject }, 'mail sent');
        return true;
      } catch (error) {
        logger.warn(
          { outbox_id: mail.id, to: mail.to, err: error },
          'mail delivery failed; kept in the outbox',
        );
        return false;
      }
    },

    close() {
      smtp?.close();
    },
  };
}
