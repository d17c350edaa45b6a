import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCurrentUser, selectUserId, authActions } from '../auth';

/** Reloads GET /users/{id}/ into the auth state after an account change (2FA on/off, alerts e-mail). */
export function useCurrentUserReload() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUserId);
  return useCallback(async () => {
    if (userId === null) return;
    try {
      dispatch(authActions.currentUserSuccess(await fetchCurrentUser(userId)));
    } catch {
      // The page keeps what it shows; the next navigation reloads it.
    }
  }, [dispatch, userId]);
}
