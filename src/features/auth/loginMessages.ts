import i18n from '../../i18n';
import { defaultErrorMessage } from '../../api/errors';

// Server messages the login form can show, mapped to their translation (spec section 8 texts in `en`).
const knownMessages: Record<string, string> = {
  [defaultErrorMessage]: 'auth:errors.generic',
  'Unable to log in with provided credentials.': 'auth:errors.invalidCredentials',
  'Invalid code.': 'auth:errors.invalidCode',
  'This field is required.': 'auth:errors.required',
  'Too many attempts. Try again later.': 'auth:errors.tooManyAttempts',
};

/** The translation of a known server message; unknown messages are shown as the server wrote them. */
export function translateServerMessage(message: string): string {
  const key = knownMessages[message];
  return key ? i18n.t(key) : message;
}
