import { jwtDecode } from 'jwt-decode';
import { accessClaimsSchema, type AccessClaims } from '../../../contract/auth';
import { getAccessToken } from '../../api/tokens';

/** Decodes (never verifies: the server does) an access token into its claims, or null. */
export function decodeClaims(token: string | null): AccessClaims | null {
  if (!token) return null;
  try {
    const parsed = accessClaimsSchema.safeParse(jwtDecode(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storedClaims(): AccessClaims | null {
  return decodeClaims(getAccessToken());
}
