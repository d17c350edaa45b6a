import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import type { DestinationStates } from './recipientsApi';
import { recipientResendResource } from './recipientsResources';
import './locale';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 4px;
  font-size: 0.85rem;
`;

const Item = styled.li`
  overflow-wrap: anywhere;
`;

// Text colours that keep 4.5:1 on the surface in both themes (the muted text, the warning's own).
const State = styled.span<{ $waiting: boolean }>`
  margin-left: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: ${({ $waiting }) => ($waiting ? 'italic' : 'normal')};
`;

const Small = styled(Button)`
  margin-left: 6px;
  padding: 2px 8px;
  font-size: 0.8rem;
`;

type Props = { states: DestinationStates; canResend?: boolean };

/**
 * The addresses of a report or a rule, each with its state when it is not a member's: an outside address
 * gets mail only once confirmed (docs/DIGESTS.md "Who gets the mail"); a waiting one can be sent its
 * link again (limited by the server, which says from when).
 */
export function DestinationList({ states, canResend = true }: Props) {
  const { t } = useTranslation('recipients');
  const dispatch = useAppDispatch();
  const sending = useAppSelector(recipientResendResource.selectors.selectIsLoading);
  return (
    <List aria-label={t('listLabel')}>
      {states.map(({ address, state }) => (
        <Item key={address} data-recipient-state={state}>
          {address}
          {state !== 'member' && <State $waiting={state === 'waiting'}>({t(`states.${state}`)})</State>}
          {state === 'waiting' && canResend && (
            <Small
              type="button"
              disabled={sending}
              aria-label={t('resendTo', { address })}
              onClick={() => dispatch(recipientResendResource.actions.request(address))}
            >
              {t('resend')}
            </Small>
          )}
        </Item>
      ))}
    </List>
  );
}

const Note = styled.div`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0 0 6px;
  }
`;

/** Under a form's address field: the confirmation rule, and the saved addresses with their state. */
export function DestinationNote({ states }: { states: DestinationStates | null }) {
  const { t } = useTranslation('recipients');
  return (
    <Note>
      <p>{t('note')}</p>
      {states && states.some((s) => s.state !== 'member') && <DestinationList states={states} />}
    </Note>
  );
}
