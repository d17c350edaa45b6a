import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { formatDateTime } from '../../../i18n/format';
import { Muted } from '../../../components/Text';
import { PrimaryButton } from '../../../components/Button';
import type { Digest } from '../digestsApi';
import { organizationDigestsResource } from '../digestsResources';
import { scheduleText } from '../format';
import { DestinationList } from '../../recipients';
import { DigestActions, type DigestHandlers } from './DigestActions';
import '../locale';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: 16px;
`;

const Card = styled.section`
  display: grid;
  gap: 8px;
  align-content: start;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;

  h3 {
    margin: 0;
    font-size: 1rem;
  }

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

type Props = DigestHandlers & { onSetUp: (type: 'weekly' | 'monthly') => void };

/** The organization's weekly and monthly digests: all domains, one of each, on or off. */
export function OrganizationDigests({ onSetUp, ...handlers }: Props) {
  const { t } = useTranslation('digests');
  const data = useAppSelector(organizationDigestsResource.selectors.selectData);
  if (!data) return null;
  return (
    <Cards>
      {(['weekly', 'monthly'] as const).map((type) => (
        <Card key={type} aria-labelledby={`digest-${type}-title`}>
          <h3 id={`digest-${type}-title`}>{t(`organization.${type}`)}</h3>
          {data[type] ? (
            <DigestCard digest={data[type]} {...handlers} />
          ) : (
            <>
              <p>
                <Muted>{t(`organization.off.${type}`)}</Muted>
              </p>
              <div>
                <PrimaryButton type="button" onClick={() => onSetUp(type)}>
                  {t(`organization.setUp.${type}`)}
                </PrimaryButton>
              </div>
            </>
          )}
        </Card>
      ))}
    </Cards>
  );
}

function DigestCard({ digest, ...handlers }: { digest: Digest } & DigestHandlers) {
  const { t, i18n } = useTranslation('digests');
  const lang = i18n.language;
  const a = digest.attributes;
  return (
    <>
      <p>{scheduleText(digest, t, lang)}</p>
      <p>{t('organization.recipientsTitle', { count: a.destinationAddresses.length })}</p>
      <DestinationList states={a.destinationStates} />
      <p>
        {t('list.nextRun')}: {a.nextRun ? formatDateTime(a.nextRun, lang) : t('list.noRun')}
        {' · '}
        {t('list.lastSent')}: {a.lastSent ? formatDateTime(a.lastSent, lang) : t('list.never')}
      </p>
      <DigestActions digest={digest} turnOff {...handlers} />
    </>
  );
}
