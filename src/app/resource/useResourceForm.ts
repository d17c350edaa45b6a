import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { Resource } from './createResource';

/** The state of a write resource, reset when the page using it goes away. */
export function useResource<P, D>(resource: Resource<P, D>) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(resource.selectors.selectState);
  useEffect(
    () => () => {
      dispatch(resource.actions.reset());
    },
    [dispatch, resource],
  );
  return { ...state, body: state.error?.body ?? null, dispatch };
}

/** Runs `reset` (a state change of the calling component) once when `status` turns to success, while
 * rendering: React's "adjust state on a prop change" pattern, not an effect. */
export function useOnSuccess(status: string | undefined, reset: () => void) {
  const [seen, setSeen] = useState(status);
  if (status !== seen) {
    setSeen(status);
    if (status === 'success') reset();
  }
}
