import type enMail from '../../../locales/en/mail.json';

// Every message the platform sends is a `<kind>.subject` and `<kind>.text` of the mail namespace
// (locales/<lang>/mail.json), in English and Portuguese (pt-BR), plain text. The language is the recipient's
// own setting (an invitee's: the inviting organization's default). What the kinds may carry:
// - the notices of a change of account address to the old address (emailChangeRequested, emailChanged)
//   carry no link, so forwarding or leaking them gives nothing away; only emailChangeConfirm, to the new
//   address, does;
// - recipientConfirm, the one mail an outside address gets before its owner says yes, names the
//   organization and nothing else a sender chose (no report or rule name), so it cannot carry someone's text;
// - billing mails (server/modules/billing/subscriptions/notify.ts) go to the organization's owner.
// heldSummary is not a template: server/mail/held-summary.ts writes it from its parts.
export type MailKind = Exclude<keyof typeof enMail, 'heldSummary'>;
