import type { Language } from '../../db/schema';
import type { Template } from './catalogue';

// Mails of billing (server/modules/billing/notify.ts), to the organization's owner: a payment that failed
// (the subscription is past due, access stays until Stripe gives up) and a trial that ends in a few days.
export type BillingMailKind = 'billingPaymentFailed' | 'billingTrialEnding';

export const billingTemplates: Record<BillingMailKind, Record<Language, Template>> = {
  billingPaymentFailed: {
    en: {
      subject: 'Your msas payment failed',
      text: 'Hello {name},\n\nthe payment for the {plan} plan of {organization} failed. Your access continues for now; update your card in Settings → Billing so the next attempt succeeds:\n\n{link}\n',
    },
    pt: {
      subject: 'O pagamento do msas falhou',
      text: 'Olá {name},\n\no pagamento do plano {plan} de {organization} falhou. Seu acesso continua por enquanto; atualize seu cartão em Configurações → Cobrança para que a próxima tentativa funcione:\n\n{link}\n',
    },
  },
  billingTrialEnding: {
    en: {
      subject: 'Your msas trial ends on {date}',
      text: 'Hello {name},\n\nthe trial of the {plan} plan of {organization} ends on {date}. The card on file will then be charged; see or change the plan here:\n\n{link}\n',
    },
    pt: {
      subject: 'Seu período de teste do msas termina em {date}',
      text: 'Olá {name},\n\no período de teste do plano {plan} de {organization} termina em {date}. O cartão cadastrado será cobrado nessa data; veja ou altere o plano aqui:\n\n{link}\n',
    },
  },
};
