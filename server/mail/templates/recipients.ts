import type { Language } from '../../db/schema';
import type { Template } from './catalogue';

// The one mail an outside address gets before its owner says yes (server/modules/recipients/). It names the
// organization and nothing else a sender chose (no report or rule name), so it cannot carry someone's text.
export type RecipientKind = 'recipientConfirm';

export const recipientTemplates: Record<RecipientKind, Record<Language, Template>> = {
  recipientConfirm: {
    en: {
      subject: 'Confirm that you want mail from {organization} on msas',
      text: 'Hello,\n\nthe organization {organization} on msas asked to send DMARC reports and alerts to {email}. Nothing is sent to this address unless you confirm here:\n\n{link}\n\nThe same page lets you decline: then this organization can never send to this address, nor ask again. The link works once and expires in {hours} hours. If you do not want this mail, ignore this message: no other message follows it.\n',
    },
    pt: {
      subject: 'Confirme que quer receber mensagens de {organization} no msas',
      text: 'Olá,\n\na organização {organization} no msas pediu para enviar relatórios DMARC e alertas para {email}. Nada é enviado a este endereço a menos que você confirme aqui:\n\n{link}\n\nA mesma página permite recusar: então esta organização nunca poderá enviar a este endereço, nem pedir de novo. O link funciona uma única vez e expira em {hours} horas. Se você não quer estas mensagens, ignore esta mensagem: nenhuma outra virá depois dela.\n',
    },
  },
};
