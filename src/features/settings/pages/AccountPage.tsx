import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { PageFrame, Panel } from '../../../app/layout/PageFrame';
import { selectCurrentUser, selectTokenData } from '../../auth/state/authSelectors';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 24px;
  margin: 0;

  dt {
    font-weight: 500;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** Settings → Account: the current user's username and email. */
export function AccountPage() {
  const { t } = useTranslation('pages');
  const user = useAppSelector(selectCurrentUser);
  const claims = useAppSelector(selectTokenData);
  const unknown = t('account.unknown');
  return (
    <PageFrame pageId="account">
      <Panel aria-labelledby="account-details">
        <h2 id="account-details">{t('account.details')}</h2>
        <Details>
          <dt>{t('account.username')}</dt>
          <dd>{user?.username ?? unknown}</dd>
          <dt>{t('account.email')}</dt>
          <dd>{user?.email ?? claims?.userEmail ?? unknown}</dd>
        </Details>
      </Panel>
    </PageFrame>
  );
}
