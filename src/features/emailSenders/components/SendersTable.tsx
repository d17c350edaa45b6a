import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { Table, TableWrap } from '../../../components/Table';
import type { EmailSender } from '../emailSendersApi';
import { SenderLogo } from './SenderLogo';

const Name = styled.span`
  display: inline-flex;
  gap: 10px;
  align-items: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

type Props = {
  senders: EmailSender[];
  canEdit: boolean;
  onEdit: (sender: EmailSender) => void;
  onDelete: (sender: EmailSender) => void;
  onRefresh: (sender: EmailSender) => void;
};

export function SendersTable({ senders, canEdit, onEdit, onDelete, onRefresh }: Props) {
  const { t } = useTranslation('emailSenders');
  return (
    <TableWrap>
      <Table aria-label={t('list.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.networks')}</th>
            <th scope="col">{t('list.spfIncludes')}</th>
            <th scope="col">{t('list.created')}</th>
            {canEdit && <th scope="col">{t('list.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {senders.map((s) => {
            const a = s.attributes;
            const name = a.name;
            return (
              <tr key={s.id} data-sender-id={s.id}>
                <td>
                  <Name>
                    <SenderLogo name={name} logo={a.logo} />
                    {name}
                  </Name>
                </td>
                <td title={a.networks.map((n) => n.range).join(', ')}>
                  {a.networks.length === 0
                    ? t('list.noNetworks')
                    : a.networks
                        .slice(0, 3)
                        .map((n) => n.range)
                        .join(', ') +
                      (a.networks.length > 3 ? ` ${t('list.more', { count: a.networks.length - 3 })}` : '')}
                </td>
                <td>{a.spfIncludes.join(', ')}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{a.createdDate?.slice(0, 10)}</td>
                {canEdit && (
                  <td>
                    <Actions>
                      <Button type="button" onClick={() => onEdit(s)} aria-label={t('list.editOf', { name })}>
                        {t('list.edit')}
                      </Button>
                      <Button
                        type="button"
                        onClick={() => onRefresh(s)}
                        disabled={a.spfIncludes.length === 0}
                        aria-label={t('list.refreshOf', { name })}
                      >
                        {t('list.refresh')}
                      </Button>
                      <Button
                        type="button"
                        onClick={() => onDelete(s)}
                        aria-label={t('list.deleteOf', { name })}
                      >
                        {t('list.delete')}
                      </Button>
                    </Actions>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableWrap>
  );
}
