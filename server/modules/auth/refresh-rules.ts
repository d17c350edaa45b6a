// What presenting a refresh token means. Rotation: each token is good once; presenting a spent one is
// treated as theft (the OAuth 2.0 Security BCP, RFC 9700 section 4.14.2) and revokes its whole family.
export type StoredRefresh = {
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

export type RefreshDecision = 'rotate' | 'unknown' | 'expired' | 'revoked' | 'reuse';

export function decideRefresh(row: StoredRefresh | undefined, now: Date): RefreshDecision {
  if (!row) return 'unknown';
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'reuse';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}
