import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { authActions } from '../../features/auth/state/authSlice';
import { selectCurrentUser, selectTokenData } from '../../features/auth/state/authSelectors';
import { useAppDispatch, useAppSelector } from '../hooks';
import { contactPath, routePath, subscriptionsPath } from '../router/routes';

const Wrapper = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  gap: 6px;
  max-width: 220px;
  padding: 6px 12px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  cursor: pointer;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Dropdown = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: 1200;
  min-width: 200px;
  margin: 0;
  padding: 6px;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: 0 6px 20px rgb(0 0 0 / 18%);

  a,
  button {
    display: block;
    width: 100%;
    padding: 8px 10px;
    text-align: left;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.text};
    background: none;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    cursor: pointer;
  }

  a:hover,
  button:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/** The user's name with account links and logout. Escape and outside clicks close it. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const claims = useAppSelector(selectTokenData);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const name = user?.username ?? claims?.userEmail ?? '';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <Wrapper ref={wrapper}>
      <Toggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={name ? t('userMenu.label', { name }) : t('userMenu.anonymous')}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{name || t('userMenu.anonymous')}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Toggle>
      {open && (
        <Dropdown id={listId}>
          <li>
            <Link to={routePath('account')} onClick={close}>
              {t('userMenu.account')}
            </Link>
          </li>
          <li>
            <Link to={subscriptionsPath} onClick={close}>
              {t('userMenu.subscriptions')}
            </Link>
          </li>
          <li>
            <Link to={routePath('billing')} onClick={close}>
              {t('userMenu.billing')}
            </Link>
          </li>
          <li>
            <Link to={contactPath} onClick={close}>
              {t('userMenu.contact')}
            </Link>
          </li>
          <li>
            <button type="button" onClick={() => dispatch(authActions.logoutRequest())}>
              {t('userMenu.logout')}
            </button>
          </li>
        </Dropdown>
      )}
    </Wrapper>
  );
}
