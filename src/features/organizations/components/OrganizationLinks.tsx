import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Panel } from '../../../app/layout/PageFrame';
import { routePath } from '../../../app/router/routes';

/**
 * Where the organization's domains and settings are changed: domains in one place (Account → Domains, with
 * their verification), the report mailbox and retention on Dynamic Settings.
 */
export function OrganizationLinks() {
  const { t } = useTranslation('organizations');
  return (
    <Panel aria-labelledby="organization-links">
      <h2 id="organization-links">{t('links.title')}</h2>
      <ul>
        <li>
          <Link to={`${routePath('account')}#domains`}>{t('links.domains')}</Link>
        </li>
        <li>
          <Link to={routePath('dynamicSettings')}>{t('links.settings')}</Link>
        </li>
      </ul>
    </Panel>
  );
}
