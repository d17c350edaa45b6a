import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '../../api/client';
import { useAppDispatch } from '../hooks';
import { menuActions } from '../menu/menuSlice';
import { setAppNavigate } from '../navigation/navigation';
import { appPrefix } from './routes';

/** Plugs the router's navigate into the api client (session redirects) and into the sagas. */
export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    setAppNavigate((url, options) => navigate(url, options));
    setNavigator((url) => {
      // Sent to /login by the api client: come back to this page after logging in again.
      const { pathname, search } = here.current;
      if (url.startsWith('/login') && pathname.startsWith(`${appPrefix}/`)) {
        dispatch(menuActions.pendingUrlSet(`${pathname}${search}`));
      }
      navigate(url, { replace: true });
    });
    return () => {
      setAppNavigate(null);
      setNavigator(null);
    };
  }, [navigate, dispatch]);

  return null;
}
