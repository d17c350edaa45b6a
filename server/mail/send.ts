import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MailAttachment } from '../db/schema';
import { takeBudget } from './budget';
import { auditHold } from './held';
import { claimMail, markMailSent, needsNoAttempt, releaseMail } from './outbox';
import { enqueueSend } from './send-job';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An HTML alternative to text, with inline parts it references as cid: (digests). */
  html?: string;
  attachments?: MailAttachment[];
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** The organization the message is sent for: it counts against its hourly budget (./budget.ts). */
  organizationId?: number | null;
};

export type QueueOptions = {
  now?: Date;
  /** The caller already took this message from the budget (the summary of held mail). */
  admitted?: boolean;
  /** No background delivery follows (mail a job queues): the message's job makes the first attempt at once. */
  byJob?: boolean;
};

/** The one-click unsubscribe header fields of a bulk message (RFC 8058 section 3.1 wants both). */
export function oneClickHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

// Every message goes into the outbox table first (inside the caller's transaction), with its `send-mail` job
// when SMTP_URL is set (./send-job.ts); delivery happens after the commit, and the job retries it. Without SMTP the outbox is the mailbox: the log names the
// message (never its body) and an operator reads it from the table.
export type Mailer = {
  /** True when SMTP_URL is set: the outbox is delivered, not only kept. */
  canSend: boolean;
  /** Puts a message in the outbox; over its organization's budget it is held there (never sent itself). */
  queue: (db: Db, mail: OutgoingMail, options?: QueueOptions) => Promise<number>;
  /** One attempt at one message; false when not sent (no SMTP, taken by another sender, failed). */
  deliver: (db: Db, outboxId: number, now?: Date) => Promise<boolean>;
  /** One attempt, with why it sent nothing: no attempt needed (or no SMTP), another one runs, it failed. */
  attempt: (db: Db, outboxId: number, now?: Date) => Promise<Attempt>;
  /** Delivers in the background: the caller does not wait, and a failure stays in the outbox for its job. */
  deliverLater: (db: Db, outboxIds: number[]) => void;
  /** The relay answers (connection, greeting, authentication); false without SMTP. */
  relayAnswers: () => Promise<boolean>;
  /** Resolves when the background deliveries started so far have finished (shutdown, tests). */
  settled: () => Promise<void>;
  close: () => void;
};

export type Attempt = 'sent' | 'none' | 'taken' | 'failed';

// nodemailer's codes for a relay that did not answer at all (as opposed to one that refused this message).
const relayDown = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EGREETING']);
const unreachable = (error: unknown) => relayDown.has(String((error as { code?: unknown }).code));

// Bounded so one attempt ends well inside the outbox claim (4 minutes) even against a relay that stalls.
const transportTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailBudgetPerHour'>,
  logger: Logger,
  transport?: Transporter,
): Mailer {
  const smtp =
    transport ??
    (config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, ...transportTimeouts }) : undefined);
  const pending = new Set<Promise<void>>();
  // This process saw the send-mail queue in its database (./send-job.ts, enqueueSend).
  let queueSeen = false;

  async function attempt(db: Db, outboxId: number, now = new Date()): Promise<Attempt> {
    if (!smtp) {
      const mail = await db.selectFrom('outbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
      if (mail && !mail.sent_at)
        logger.info({ outbox_id: mail.id, to: mail.to, subject: mail.subject }, 'mail stored in the outbox');
      return 'none';
    }
    const mail = await claimMail(db, outboxId, now);
    if (!mail) return (await needsNoAttempt(db, outboxId)) ? 'none' : 'taken';
    try {
      await smtp.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                cid: a.cid,
                contentType: a.contentType,
                content: Buffer.from(a.content, 'base64'),
              })),
            }
          : {}),
      });
    } catch (error) {
      await releaseMail(db, mail.id, unreachable(error));
      logger.warn(
        { outbox_id: mail.id, to: mail.to, attempts: mail.attempts, err: error },
        'mail delivery failed; kept in the outbox',
      );
      return 'failed';
    }
    await markMailSent(db, mail.id, new Date());
    logger.info({ outbox_id: mail.id, to: mail.to, subject: mail.subject }, 'mail sent');
    return 'sent';
  }

  const deliver = async (db: Db, outboxId: number, now?: Date) =>
    (await attempt(db, outboxId, now)) === 'sent';

  return {
    canSend: Boolean(smtp),
    queue: async (db, mail, options = {}) => {
      const now = options.now ?? new Date();
      const org = mail.organizationId ?? null;
      const budget = config.mailBudgetPerHour;
      const held = org !== null && !options.admitted && !(await takeBudget(db, org, now, budget));
      const row = await db
        .insertInto('outbox')
        .values({
          organization_id: org,
          held_at: held ? now : null,
          to: mail.to,
          reply_to: mail.replyTo ?? null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Held mail is never sent itself (the summary of held mail is); without SMTP the outbox is the mailbox.
      if (smtp && !held)
        queueSeen = await enqueueSend(db, row.id, { known: queueSeen, now: options.byJob ?? false });
      if (held) {
        await auditHold(db, {
          organizationId: org,
          outboxId: row.id,
          to: mail.to,
          subject: mail.subject,
          budget,
          now,
        });
        logger.warn({ outbox_id: row.id, organization_id: org, budget }, 'mail held: over the hourly budget');
      }
      return row.id;
    },
    deliver,
    attempt,
    relayAnswers: async () => {
      if (!smtp) return false;
      try {
        return await smtp.verify();
      } catch {
        return false;
      }
    },
    deliverLater(db, outboxIds) {
      if (outboxIds.length === 0) return;
      const run = (async () => {
        for (const id of outboxIds) await deliver(db, id);
      })()
        .catch((error: unknown) => logger.warn({ err: error }, 'background mail delivery failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    settled: async () => {
      await Promise.allSettled([...pending]);
    },
    close() {
      smtp?.close();
    },
  };
}
