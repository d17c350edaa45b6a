import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TonePill } from '../../../components/TonePill';
import { formatDateTime } from '../../../i18n/format';
import { Button } from '../../../components/Button';
import { Muted } from '../../../components/Text';
import { TableWrap } from '../../../components/Table';
import type { Alert } from '../alertsApi';
import { StackedTable } from '../../../components/StackedTable';
import '../locale';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Subjects = styled.div`
  margin-top: 4px;
  max-width: 28ch;
  overflow-wrap: anywhere;
  font-size: 0.85rem;
`;

type Props = {
  alerts: Alert[];
  busy: boolean;
  onToggle: (alert: Alert, isActive: boolean) => void;
  onEdit: (alert: Alert) => void;
  onHistory: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
};

/** The scope as a reader says it: "Domain: example.com", "All domains". */
export function useScopeText() {
  const { t } = useTranslation('alerts');
  return (alert: Alert) => {
    const a = alert.attributes;
    const kind = t(`scope.${a.scopeType}`);
    if (a.scopeType === 'organization') return kind;
    const target =
      a.scopeType === 'domain_group' ? (a.domainGroupName ?? a.targetSelection) : a.targetSelection;
    return `${kind}: ${target}`;
  };
}

export function AlertsTable({ alerts, busy, onToggle, onEdit, onHistory, onDelete }: Props) {
  const { t, i18n } = useTranslation('alerts');
  const scopeText = useScopeText();
  return (
    <TableWrap>
      <StackedTable aria-label={t('list.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.scope')}</th>
            <th scope="col">{t('list.condition')}</th>
            <th scope="col">{t('list.state')}</th>
            <th scope="col">{t('list.lastFired')}</th>
            <th scope="col">{t('list.active')}</th>
            <th scope="col">{t('list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert) => {
            const a = alert.attributes;
            const name = a.name || t('list.unnamed');
            const firing = a.state === 'firing';
            return (
              <tr key={alert.id} data-alert-id={alert.id}>
                <td data-label={t('list.name')}>{a.name || <Muted>{name}</Muted>}</td>
                <td data-label={t('list.scope')}>{scopeText(alert)}</td>
                <td data-label={t('list.condition')}>{t(`conditions.${a.condition}`)}</td>
                <td data-label={t('list.state')}>
                  <div>
                    <TonePill $tone={firing ? 'error' : 'success'}>
                      {firing ? t('list.firingShort') : t('list.ok')}
                    </TonePill>
                    {firing && <Subjects>{a.firingSubjects.join(', ')}</Subjects>}
                    {a.delivery.nextSendAt && (
                      <Subjects>
                        <Muted>
                          {t('held.waiting', {
                            count: a.delivery.pendingEmails,
                            time: formatDateTime(a.delivery.nextSendAt, i18n.language),
                          })}
                        </Muted>
                      </Subjects>
                    )}
                    {a.isActive && a.mailsNobody && (
                      <Subjects>
                        <TonePill $tone="warning" title={t('held.mailsNobodyHint')}>
                          {t('held.mailsNobody')}
                        </TonePill>
                      </Subjects>
                    )}
                    {a.delivery.failingEmails > 0 && (
                      <Subjects>
                        <Muted>{t('list.deliveryFailing', { count: a.delivery.failingEmails })}</Muted>
                      </Subjects>
                    )}
                  </div>
                </td>
                <td data-label={t('list.lastFired')} style={{ whiteSpace: 'nowrap' }}>
                  {a.lastFiredAt ? formatDateTime(a.lastFiredAt, i18n.language) : t('list.never')}
                </td>
                <td data-label={t('list.active')}>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={a.isActive}
                    disabled={busy}
                    aria-label={t('list.activeOf', { name })}
                    onChange={(event) => onToggle(alert, event.target.checked)}
                  />
                </td>
                <td data-label={t('list.actions')}>
                  <Actions>
                    <Button
                      type="button"
                      onClick={() => onEdit(alert)}
                      aria-label={t('list.editOf', { name })}
                    >
                      {t('list.edit')}
                    </Button>
                    <Button
                      type="button"
                      onClick={() => onHistory(alert)}
                      aria-label={t('list.historyOf', { name })}
                    >
                      {t('list.history')}
                    </Button>
                    <Button
                      type="button"
                      onClick={() => onDelete(alert)}
                      aria-label={t('list.deleteOf', { name })}
                    >
                      {t('list.delete')}
                    </Button>
                  </Actions>
                </td>
              </tr>
            );
          })}
        </tbody>
      </StackedTable>
    </TableWrap>
  );
}
