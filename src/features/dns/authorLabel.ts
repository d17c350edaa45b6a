import type { TFunction } from 'i18next';
import type { HistoryItem } from './dnsApi';

/**
 * Who made a change of the history: a member by name (or e-mail), support staff by id as the audit log shows
 * them, a deleted account or a former member without a name, and PowerDNS changed behind msas's back.
 */
export function authorLabel(t: TFunction<'dns'>, item: Pick<HistoryItem, 'kind' | 'user' | 'author'>) {
  if (item.kind === 'outside') return t('history.outside');
  if (item.user === null || item.author === null) return t('history.system');
  const { kind, name } = item.author;
  if (kind === 'member' && name) return name;
  return t(`history.authors.${kind === 'member' ? 'former' : kind}`, { id: item.user });
}
