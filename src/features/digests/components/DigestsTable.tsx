import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StackedTable } from '../../../components/StackedTable';
import { formatDateTime } from '../../../i18n/format';
import { Muted } from '../../../components/Text';
import { TableWrap } from '../../../components/Table';
import { DestinationList } from '../../recipients';
import type { Digest } from '../digestsApi';
import { scheduleText, scopeText } from '../format';
import { DigestActions, type DigestHandlers } from './DigestActions';
import '../locale';

const Recipients = styled.div`
  max-width: 28ch;
  overflow-wrap: anywhere;
  font-size: 0.85rem;
`;

type Props = { digests: Digest[] } & DigestHandlers;

/** The user's scheduled reports: name, scope, frequency, next run, last sent, recipients and actions. */
export function DigestsTable({ digests, ...handlers }: Props) {
  const { t, i18n } = useTranslation('digests');
  const lang = i18n.language;
  return (
    <TableWrap>
      <StackedTable aria-label={t('list.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.scope')}</th>
            <th scope="col">{t('list.frequency')}</th>
            <th scope="col">{t('list.nextRun')}</th>
            <th scope="col">{t('list.lastSent')}</th>
            <th scope="col">{t('list.recipients')}</th>
            <th scope="col">{t('list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {digests.map((digest) => {
            const a = digest.attributes;
            return (
              <tr key={digest.id} data-digest-id={digest.id}>
                <td data-label={t('list.name')}>{a.name}</td>
                <td data-label={t('list.scope')} style={{ overflowWrap: 'anywhere' }}>
                  {scopeText(digest, t)}
                </td>
                <td data-label={t('list.frequency')}>{scheduleText(digest, t, lang)}</td>
                <td data-label={t('list.nextRun')}>
                  {a.nextRun ? formatDateTime(a.nextRun, lang) : <Muted>{t('list.noRun')}</Muted>}
                </td>
                <td data-label={t('list.lastSent')}>
                  {a.lastSent ? formatDateTime(a.lastSent, lang) : <Muted>{t('list.never')}</Muted>}
                </td>
                <td data-label={t('list.recipients')}>
                  <Recipients>
                    <DestinationList states={a.destinationStates} />
                  </Recipients>
                </td>
                <td data-label={t('list.actions')}>
                  <DigestActions digest={digest} {...handlers} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </StackedTable>
    </TableWrap>
  );
}
