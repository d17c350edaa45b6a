import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { verificationResource } from '../accountResources';
import { LinkOutcome } from '../components/LinkOutcome';
import { useResource } from '../../../app/resource/useResourceForm';

/** /confirm-registration?token=...: the e-mailed link activates the account (single use). */
export function ConfirmRegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, isLoading, dispatch } = useResource(verificationResource);

  useEffect(() => {
    if (token) dispatch(verificationResource.actions.request(token));
  }, [dispatch, token]);

  return (
    <LinkOutcome
      texts="verify"
      isLoading={isLoading}
      succeeded={status === 'success'}
      failed={!token || status === 'failure'}
    />
  );
}
