import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LinkOutcome } from '../components/LinkOutcome';
import { confirmEmailChangeResource } from '../emailChangeResources';
import { useResource } from '../../../app/resource/useResourceForm';

/** /confirm-email-change#token=...: the link mailed to a new address sets it (single use). The token comes in
 * the fragment, which never reaches a server; it is read once and taken out of the address bar. */
export function ConfirmEmailChangePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  const { status, isLoading, dispatch } = useResource(confirmEmailChangeResource);

  useEffect(() => {
    if (!token) return;
    dispatch(confirmEmailChangeResource.actions.request(token));
    navigate(location.pathname, { replace: true });
  }, [dispatch, token, navigate, location.pathname]);

  return (
    <LinkOutcome
      texts="confirmEmail"
      isLoading={isLoading}
      succeeded={status === 'success'}
      failed={!token || status === 'failure'}
    />
  );
}
