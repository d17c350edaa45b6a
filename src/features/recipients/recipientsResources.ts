import { retryAt } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import * as recipientsApi from './recipientsApi';
import './locale';

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(key, { ns: 'recipients', ...vars });

/** The owner's answer on the public page: the page shows the outcome (no toast). */
export const recipientDecisionResource = registerResource(
  createResource<recipientsApi.Decision, recipientsApi.DecisionResult>({
    name: 'recipientDecision',
    kind: 'write',
    method: 'post',
    request: (body) => recipientsApi.decide(body),
  }),
);

/** A new link for a waiting address; a refusal (429) says from when it may be sent again. */
export const recipientResendResource = registerResource(
  createResource<string, unknown>({
    name: 'recipientResend',
    kind: 'write',
    method: 'post',
    request: (address) => recipientsApi.resend(address),
    successMessage: (_data, address) => t('resent', { address }),
    failureMessage: (error) => {
      const at = retryAt(error);
      return at ? t('resendLimited', { time: formatDateTime(at, i18n.language) }) : t('resendFailed');
    },
  }),
);
