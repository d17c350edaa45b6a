import { Trans, useTranslation } from 'react-i18next';
import { Panel } from '../../../app/layout/PageFrame';
import { Code, Hint } from './styles';
import '../locale';

/** DNS hosting is off: say so, and how an operator turns it on (docs/DNS.md, "Setting it up"). */
export function NotConfigured() {
  const { t } = useTranslation('dns');
  return (
    <Panel aria-labelledby="dns-off-title">
      <h2 id="dns-off-title">{t('off.title')}</h2>
      <p>{t('off.text')}</p>
      <ol>
        <li>{t('off.step1')}</li>
        <li>
          <Trans t={t} i18nKey="off.step2" components={{ code: <Code /> }} />
        </li>
        <li>{t('off.step3')}</li>
      </ol>
      <Hint>
        <Trans t={t} i18nKey="off.docs" components={{ code: <Code /> }} />
      </Hint>
    </Panel>
  );
}
