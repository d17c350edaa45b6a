import { useTranslation } from 'react-i18next';
import { Table } from './detailStyles';
import type { DmarcTag } from './types';

/**
 * The DMARC tags of spec section 3: value, explicit or default, name, default and description. Names and
 * descriptions come from the dmarcTags namespace (keyed by tag), else as the server sent them.
 */
export function DmarcTagTable({ tags }: { tags: Record<string, DmarcTag> }) {
  const { t } = useTranslation(['domainVerify', 'dmarcTags']);
  return (
    <Table>
      <caption>{t('dmarc.tags')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('dmarc.tag')}</th>
          <th scope="col">{t('dmarc.value')}</th>
          <th scope="col">{t('dmarc.name')}</th>
          <th scope="col">{t('dmarc.default')}</th>
          <th scope="col">{t('dmarc.description')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(tags).map(([key, tag]) => (
          <tr key={key}>
            <th scope="row">
              <code>{key}</code>
            </th>
            <td>
              <code>{tag.value ?? '—'}</code> {tag.explicit ? null : <em>{t('dmarc.implied')}</em>}
            </td>
            <td>{t(`${key}.name`, { ns: 'dmarcTags', defaultValue: tag.name })}</td>
            <td>
              <code>{tag.default ?? '—'}</code>
            </td>
            <td>{t(`${key}.description`, { ns: 'dmarcTags', defaultValue: tag.description })}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
