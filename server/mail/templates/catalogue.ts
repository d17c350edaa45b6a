import type { Language } from '../../db/schema';
import { billingTemplates, type BillingMailKind } from './billing';
import { emailChangeTemplates, type EmailChangeKind } from './email-change';
import { recipientTemplates, type RecipientKind } from './recipients';

// Every message the platform sends, in English and Portuguese (pt-BR). Plain text; {placeholders} are filled
// by renderMail. The language is the recipient's own setting (an invitee's: the inviting organization's default).
export type MailKind =
  | 'verification'
  | 'registrationExists'
  | 'invitation'
  | 'passwordReset'
  | 'passwordChanged'
  | 'twoFactorEnabled'
  | 'twoFactorDisabled'
  | EmailChangeKind
  | RecipientKind
  | BillingMailKind;

export type Template = { subject: string; text: string };

export const templates: Record<MailKind, Record<Language, Template>> = {
  ...emailChangeTemplates,
  ...recipientTemplates,
  ...billingTemplates,
  verification: {
    en: {
      subject: 'Confirm your msas account',
      text: 'Hello {name},\n\nconfirm your e-mail address to activate your msas account:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not sign up, ignore this message.\n',
    },
    pt: {
      subject: 'Confirme sua conta msas',
      text: 'Olá {name},\n\nconfirme seu endereço de e-mail para ativar sua conta msas:\n\n{link}\n\nO link funciona uma única vez e expira em {hours} horas. Se você não se cadastrou, ignore esta mensagem.\n',
    },
  },
  registrationExists: {
    en: {
      subject: 'Someone tried to sign up to msas with your address',
      text: 'Hello {name},\n\nsomeone tried to create an msas account with your e-mail address or your username, but you already have an account: {username}. If it was you, log in, or choose a new password here:\n\n{link}\n\nThe link works once and expires in {hours} hours. If it was not you, ignore this message: your account and your password stay as they are.\n',
    },
    pt: {
      subject: 'Alguém tentou se cadastrar no msas com seu endereço',
      text: 'Olá {name},\n\nalguém tentou criar uma conta msas com seu endereço de e-mail ou seu nome de usuário, mas você já tem uma conta: {username}. Se foi você, entre, ou escolha uma nova senha aqui:\n\n{link}\n\nO link funciona uma única vez e expira em {hours} horas. Se não foi você, ignore esta mensagem: sua conta e sua senha continuam as mesmas.\n',
    },
  },
  invitation: {
    en: {
      subject: 'You are invited to join {organization} on msas',
      text: 'Hello,\n\n{inviter} invited you to join the organization {organization} on msas. Accept the invitation and choose your password here:\n\n{link}\n\nThe link works once and expires in {hours} hours.\n',
    },
    pt: {
      subject: 'Você foi convidado para {organization} no msas',
      text: 'Olá,\n\n{inviter} convidou você para a organização {organization} no msas. Aceite o convite e escolha sua senha aqui:\n\n{link}\n\nO link funciona uma única vez e expira em {hours} horas.\n',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your msas password',
      text: 'Hello {name},\n\nchoose a new password for the account {username} here:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not ask for it, ignore this message: your password stays as it is.\n',
    },
    pt: {
      subject: 'Redefina sua senha do msas',
      text: 'Olá {name},\n\nescolha uma nova senha para a conta {username} aqui:\n\n{link}\n\nO link funciona uma única vez e expira em {hours} horas. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.\n',
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your msas password was changed',
      text: 'Hello {name},\n\nthe password of your msas account {username} was changed and every session was signed out. If it was not you, reset your password now and contact support.\n',
    },
    pt: {
      subject: 'Sua senha do msas foi alterada',
      text: 'Olá {name},\n\na senha da sua conta msas {username} foi alterada e todas as sessões foram encerradas. Se não foi você, redefina sua senha agora e fale com o suporte.\n',
    },
  },
  twoFactorEnabled: {
    en: {
      subject: 'Two-factor authentication enabled',
      text: 'Hello {name},\n\ntwo-factor authentication is now on for your msas account {username}. Keep your recovery codes somewhere safe. If it was not you, contact support at once.\n',
    },
    pt: {
      subject: 'Autenticação de dois fatores ativada',
      text: 'Olá {name},\n\na autenticação de dois fatores agora está ativa na sua conta msas {username}. Guarde seus códigos de recuperação em local seguro. Se não foi você, fale com o suporte imediatamente.\n',
    },
  },
  twoFactorDisabled: {
    en: {
      subject: 'Two-factor authentication disabled',
      text: 'Hello {name},\n\ntwo-factor authentication was turned off for your msas account {username}. If it was not you, change your password and contact support at once.\n',
    },
    pt: {
      subject: 'Autenticação de dois fatores desativada',
      text: 'Olá {name},\n\na autenticação de dois fatores foi desativada na sua conta msas {username}. Se não foi você, altere sua senha e fale com o suporte imediatamente.\n',
    },
  },
};
