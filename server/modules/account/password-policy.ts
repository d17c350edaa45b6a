import fs from 'node:fs';
import { item, type ErrorItem } from '../../lib/errors';
import { serverFile } from '../../lib/server-files';

// The written password policy (docs/PERMISSIONS.md, "Passwords"): at least 10 characters, at most 128, not the
// user name or e-mail (nor containing it), not one of the common passwords shipped in common-passwords.txt.
export const minPasswordLength = 10;
export const maxPasswordLength = 128;
const tooShort = item('password_too_short', { min: minPasswordLength });
const tooLong = item('password_too_long', { max: maxPasswordLength });
const tooSimilar = item('password_too_similar');
const tooCommon = item('password_too_common');

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const file = serverFile('modules/account/common-passwords.txt');
    common = new Set(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

// Returns every rule the password breaks (empty when it is acceptable).
export function passwordProblems(
  password: string,
  identity: { username?: string; email?: string },
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  if (password.length < minPasswordLength) problems.push(tooShort);
  if (password.length > maxPasswordLength) problems.push(tooLong);
  const lower = password.toLowerCase();
  const names = [identity.username, identity.email, identity.email?.split('@')[0]]
    .map((n) => n?.trim().toLowerCase())
    .filter((n): n is string => Boolean(n && n.length >= 3));
  if (names.some((n) => lower === n || lower.includes(n))) problems.push(tooSimilar);
  if (commonPasswords().has(lower)) problems.push(tooCommon);
  return problems;
}
