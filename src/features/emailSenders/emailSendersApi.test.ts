import { describe, expectTypeOf, it } from 'vitest';
import type { EmailSender, EmailSenderPage } from './emailSendersApi';

// The SPA's sender types are the contract's wire schema camelCased (contract/email-senders.ts); `npm run
// typecheck` fails here if they drift from what the server sends.
describe('email sender types', () => {
  it('read the id as the string the server sends and the paging meta camelCased', () => {
    expectTypeOf<EmailSender['id']>().toEqualTypeOf<string>();
    expectTypeOf<EmailSender['attributes']['reverseDnsSuffixes']>().toEqualTypeOf<string[]>();
    expectTypeOf<EmailSenderPage['meta']['pageSize']>().toEqualTypeOf<number>();
  });
});
