import type { PageLinks } from '../../../contract/jsonapi';

/** Spec section 3 "Email sender", as the client camelCases it (contract 5). */
export type EmailSenderAttributes = {
  name: string;
  createdDate: string;
  networks: { range: string }[];
  logo: string | null;
  spfIncludes: string[];
  reverseDnsSuffixes: string[];
  file: null;
};
export type EmailSender = { type: string; id: number; attributes: EmailSenderAttributes };
export type EmailSenderPage = {
  data: EmailSender[];
  links: PageLinks;
  meta: { count: number; page: number; pageSize: number };
};
export type SendersQuery = { page: number; search?: string };

/** One create/update: the sender, the logo file if one was chosen, and the networks to keep. */
export type SenderSave = { id: number | null; name: string; file: File | null; networks: string[] };
export type Recalculated = { detail: string; ips: number };
