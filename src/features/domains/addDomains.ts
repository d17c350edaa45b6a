import { errorMessage } from '../../api/errors';
import { showMessage } from '../../components/showMessage';
import i18n from '../../i18n';
import { createDomain } from './domainsApi';

export type AddedDomains = { added: string[]; failed: { name: string; message: string }[] };

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'domains', ...options });

/**
 * Adds several domains one after another and says so in ONE message (twelve domains are one toast, not
 * twelve): how many were added, and each that was not with the server's reason.
 */
export async function addDomains(names: string[]): Promise<AddedDomains> {
  const result: AddedDomains = { added: [], failed: [] };
  for (const name of [...new Set(names)]) {
    try {
      await createDomain(name);
      result.added.push(name);
    } catch (error) {
      const message = errorMessage(error, t('messages.createFailed'), {
        from: [{ field: 'name' }, 'detail'],
      });
      result.failed.push({ name, message });
    }
  }
  const parts = [];
  if (result.added.length > 0) parts.push(t('batch.added', { count: result.added.length }));
  for (const f of result.failed) parts.push(t('batch.failed', { name: f.name, message: f.message }));
  showMessage({ messageType: result.failed.length === 0 ? 'success' : 'warning', message: parts.join(' ') });
  return result;
}
