import type { Language } from '../../db/schema';
import type { Template } from './catalogue';

// Mails of a change of account address (server/modules/users/email-change-service.ts). Only the confirmation
// to the new address carries a link; the notices to the old address carry none, so forwarding or leaking them
// gives nothing away.
export type EmailChangeKind =
  'emailChangeConfirm' | 'emailChangeInUse' | 'emailChangeRequested' | 'emailChanged';

export const emailChangeTemplates: Record<EmailChangeKind, Record<Language, Template>> = {
  emailChangeConfirm: {
    en: {
      subject: 'Confirm your new msas address',
      text: 'Hello {name},\n\nconfirm {email} as the new e-mail address of your msas account {username}:\n\n{link}\n\nThe link works once and expires in {hours} hours. Until then the account keeps its current address. If you did not ask for this, ignore this message.\n',
    },
    pt: {
      subject: 'Confirme seu novo endereço no msas',
      text: 'Olá {name},\n\nconfirme {email} como o novo endereço de e-mail da sua conta msas {username}:\n\n{link}\n\nO link funciona uma única vez e expira em {hours} horas. Até lá a conta mantém o endereço atual. Se você não pediu isso, ignore esta mensagem.\n',
    },
  },
  emailChangeInUse: {
    en: {
      subject: 'This address is already used on msas',
      text: 'Hello,\n\nsomeone asked to make {email} the address of an msas account, but another msas account already uses it, so nothing was changed. If it was you, choose another address, or log in to the account that has this one. Otherwise, ignore this message.\n',
    },
    pt: {
      subject: 'Este endereço já é usado no msas',
      text: 'Olá,\n\nalguém pediu para tornar {email} o endereço de uma conta msas, mas outra conta msas já o usa, então nada foi alterado. Se foi você, escolha outro endereço ou entre na conta que já tem este. Caso contrário, ignore esta mensagem.\n',
    },
  },
  emailChangeRequested: {
    en: {
      subject: 'Your msas address is being changed',
      text: 'Hello {name},\n\nsomeone asked to change the e-mail address of your msas account {username} to {email}. The change takes effect only when it is confirmed from that address; this address keeps working until then.\n\nIf it was not you, someone knows your password: change it now (that cancels the change) and contact support.\n',
    },
    pt: {
      subject: 'O endereço da sua conta msas está sendo alterado',
      text: 'Olá {name},\n\nalguém pediu para alterar o endereço de e-mail da sua conta msas {username} para {email}. A alteração só vale depois de confirmada a partir desse endereço; este continua valendo até lá.\n\nSe não foi você, alguém conhece sua senha: altere-a agora (isso cancela a alteração) e fale com o suporte.\n',
    },
  },
  emailChanged: {
    en: {
      subject: 'Your msas address was changed',
      text: 'Hello {name},\n\nthe e-mail address of your msas account {username} is now {email}. Messages for the account, password reset links included, go there from now on and no longer to this address.\n\nIf you did not expect this, contact support or your organization administrator at once.\n',
    },
    pt: {
      subject: 'O endereço da sua conta msas foi alterado',
      text: 'Olá {name},\n\no endereço de e-mail da sua conta msas {username} agora é {email}. As mensagens da conta, inclusive os links de redefinição de senha, vão para lá a partir de agora e não mais para este endereço.\n\nSe você não esperava isso, fale com o suporte ou com o administrador da sua organização imediatamente.\n',
    },
  },
};
