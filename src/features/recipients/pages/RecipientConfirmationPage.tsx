import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { Button, PrimaryButton } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { codesOf } from '../../../api/errors';
import { recipientMessages } from '../../../../contract/recipients';
import { useResource } from '../../../app/resource/useResourceForm';
import { recipientDecisionResource } from '../recipientsResources';
import '../locale';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 16px 0;
`;

/** The server's reason for a refused link, in the page's words. */
function refusal(body: Record<string, unknown> | null): 'expired' | 'used' | 'invalid' | 'failed' {
  const [problem] = codesOf(body, 'token');
  if (problem?.code === recipientMessages.expired) return 'expired';
  if (problem?.code === recipientMessages.used) return 'used';
  if (problem?.code === recipientMessages.invalid) return 'invalid';
  return 'failed';
}

/**
 * /recipient-confirmation#organization=..&token=..: the link mailed to an outside address. Nothing happens
 * on opening it (mail scanners open links); the owner presses Confirm or Decline, one POST, single use. The
 * token comes in the fragment, which never reaches a server; it is read once and taken out of the address bar.
 */
export function RecipientConfirmationPage() {
  const { t } = useTranslation('recipients');
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => {
    const params = new URLSearchParams(location.hash.slice(1));
    return { organization: Number(params.get('organization')), token: params.get('token') ?? '' };
  });
  useEffect(() => {
    if (location.hash) navigate(location.pathname, { replace: true });
  }, [location.hash, location.pathname, navigate]);
  const { status, isLoading, data, body, dispatch } = useResource(recipientDecisionResource);
  const valid = link.token !== '' && link.organization > 0;
  const answer = (decision: 'confirm' | 'decline') =>
    dispatch(recipientDecisionResource.actions.request({ ...link, decision }));
  const done = status === 'success' && data;

  return (
    <PublicLayout title={t('page.title')}>
      <Card>
        <h1>{t('page.title')}</h1>
        {!valid && (
          <Notice role="alert" $tone="warning">
            {t('page.invalid')}
          </Notice>
        )}
        {valid && !done && status !== 'failure' && (
          <>
            <p>{t('page.intro')}</p>
            <p>{t('page.declineNote')}</p>
            <Actions>
              <PrimaryButton type="button" disabled={isLoading} onClick={() => answer('confirm')}>
                {t('page.confirm')}
              </PrimaryButton>
              <Button type="button" disabled={isLoading} onClick={() => answer('decline')}>
                {t('page.decline')}
              </Button>
            </Actions>
            {isLoading && <Spinner label={t('page.working')} />}
          </>
        )}
        {done && (
          <Notice role="status">
            {t(data.state === 'confirmed' ? 'page.confirmed' : 'page.declined', {
              address: data.address,
              organization: data.organizationName,
            })}
          </Notice>
        )}
        {status === 'failure' && (
          <Notice role="alert" $tone="warning">
            {t(`page.${refusal(body)}`)}
          </Notice>
        )}
      </Card>
    </PublicLayout>
  );
}
