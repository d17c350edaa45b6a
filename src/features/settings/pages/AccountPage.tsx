import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { PageFrame, Panel } from '../../../app/layout/PageFrame';
import { Tabs } from '../../../components/Tabs';
import {
  AlertsEmailForm,
  ChangePasswordForm,
  DeleteAccountSection,
  EmailChangeForm,
  TwoFactorSection,
} from '../../account';
import { selectCurrentUser, selectTokenData } from '../../auth';
import { DomainsPanel } from '../../domains';
import { OrganizationPanel, OrganizationsAdminPanel } from '../../organizations';
import { PublicationsPanel } from '../../publications';
import { UsersPanel } from '../../users';

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

const Stack = styled.div`
  display: grid;
  gap: 20px;
`;

/** Settings → Account: profile, security (password, 2FA, deletion), and the organization's administration. */
export function AccountPage() {
  const { t } = useTranslation(['pages', 'settings']);
  const user = useAppSelector(selectCurrentUser);
  const claims = useAppSelector(selectTokenData);
  const unknown = t('account.unknown');
  const inOrganization = (claims?.organizationId ?? null) !== null;
  const support = claims?.isSupport === true;
  const { hash } = useLocation();

  const profile = (
    <Stack>
      <Panel aria-labelledby="account-details">
        <h2 id="account-details">{t('account.details')}</h2>
        <Details>
          <dt>{t('account.username')}</dt>
          <dd>{user?.username ?? unknown}</dd>
          <dt>{t('account.email')}</dt>
          <dd>{user?.email ?? claims?.userEmail ?? unknown}</dd>
        </Details>
      </Panel>
      <Panel>
        <EmailChangeForm key={user?.email ?? ''} />
      </Panel>
      <Panel>
        <AlertsEmailForm key={user?.alertsEmail ?? ''} />
      </Panel>
    </Stack>
  );
  const security = (
    <Stack>
      <Panel>
        <ChangePasswordForm />
      </Panel>
      <Panel>
        <TwoFactorSection />
      </Panel>
      <Panel>
        <DeleteAccountSection />
      </Panel>
    </Stack>
  );
  const tabs = [
    { id: 'profile', label: t('settings:tabs.profile'), content: profile },
    { id: 'security', label: t('settings:tabs.security'), content: security },
    ...(inOrganization
      ? [
          { id: 'organization', label: t('settings:tabs.organization'), content: <OrganizationPanel /> },
          { id: 'users', label: t('settings:tabs.users'), content: <UsersPanel /> },
          { id: 'domains', label: t('settings:tabs.domains'), content: <DomainsPanel /> },
        ]
      : []),
    // Support belongs to no organization: it reads every one, and onboards new ones with their owner.
    ...(support
      ? [
          {
            id: 'organizations',
            label: t('settings:tabs.organizations'),
            content: <OrganizationsAdminPanel />,
          },
          { id: 'users', label: t('settings:tabs.users'), content: <UsersPanel /> },
        ]
      : []),
    { id: 'publications', label: t('settings:tabs.publications'), content: <PublicationsPanel /> },
  ];
  // A link to another tab of this page (#domains) changes the hash only: the tabs start again from it.
  const initial = hash.replace('#', '');
  return (
    <PageFrame pageId="account">
      <Tabs
        key={hash}
        tabs={tabs}
        initialTab={tabs.some((tab) => tab.id === initial) ? initial : undefined}
      />
    </PageFrame>
  );
}
