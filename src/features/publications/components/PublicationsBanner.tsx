import { createSelector } from '@reduxjs/toolkit';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { focusRing } from '../../../components/focusRing';
import { selectCurrentUser, selectTokenData } from '../../auth';
import type { AccessClaims, CurrentUser } from '../../auth';
import { publicationSeenResource } from '../publicationsResources';

// The same entry in the user document and the token claim (contract/auth.ts).
type Announcement = CurrentUser['publications'][number] & AccessClaims['publications'][number];

// The auth data holds only unseen publications (the server filters seen ones out of the token claim and
// the current user); the user document is newer than the token, so its entries come first.
export const selectUnseenPublications = createSelector(
  [selectCurrentUser, selectTokenData],
  (user, claims): Announcement[] => {
    const byId = new Map<number, Announcement>();
    for (const p of [...(user?.publications ?? []), ...(claims?.publications ?? [])]) {
      if (!byId.has(p.id)) byId.set(p.id, p);
    }
    return [...byId.values()];
  },
);

const Region = styled.section`
  margin: 12px 20px 0;
  padding: 10px 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md}px;

  ${focusRing}

  ${({ theme }) => `@media (min-width: ${theme.breakpoints.md}px)`} {
    margin: 16px 32px 0;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: 0.95rem;
  }
`;

const List = styled.ul`
  margin: 6px 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
    padding: 4px 0;
  }

  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Button = styled.button`
  padding: 3px 10px;
  font: inherit;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  cursor: pointer;

  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.7;
  }

  ${focusRing}
`;

/**
 * The current user's unseen announcements above the page: each can be marked seen (it then leaves the auth
 * data), and the banner can be hidden until a new one arrives. `fallbackFocusId` receives the focus when
 * the banner goes away under the keyboard.
 */
export function PublicationsBanner({ fallbackFocusId }: { fallbackFocusId?: string }) {
  const { t } = useTranslation('publications');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const unseen = useAppSelector(selectUnseenPublications);
  const marking = useAppSelector(publicationSeenResource.selectors.selectIsLoading);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const items = unseen.filter((p) => !hidden.has(p.id));

  const regionRef = useRef<HTMLElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // Where the focus was when the user acted: restored once the item (or the banner) is gone.
  const pendingFocus = useRef<{ id: number | null; index: number } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || (pending.id !== null && items.some((p) => p.id === pending.id))) return;
    pendingFocus.current = null;
    if (items.length === 0) {
      if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
      return;
    }
    const next = items[Math.min(pending.index, items.length - 1)];
    (buttons.current.get(next.id) ?? regionRef.current)?.focus();
  }, [items, fallbackFocusId]);

  if (items.length === 0) return null;

  const markSeen = (id: number, index: number) => {
    // One call at a time (the write resource drops a second one while the first runs).
    if (marking) return;
    pendingFocus.current = { id, index };
    dispatch(publicationSeenResource.actions.request(id));
  };
  const hide = () => {
    pendingFocus.current = { id: null, index: 0 };
    setHidden(new Set([...hidden, ...items.map((p) => p.id)]));
  };

  return (
    <Region ref={regionRef} aria-labelledby={headingId} tabIndex={-1} data-testid="publications-banner">
      <Header>
        <h2 id={headingId}>{t('banner.title', { total: items.length })}</h2>
        <Button type="button" onClick={hide} aria-label={t('banner.hideLabel')}>
          {t('banner.hide')}
        </Button>
      </Header>
      <List>
        {items.map((p, index) => (
          <li key={p.id}>
            <span>{p.title}</span>
            <Button
              type="button"
              ref={(node) => {
                if (node) buttons.current.set(p.id, node);
                else buttons.current.delete(p.id);
              }}
              // aria-disabled, not disabled: a disabled button would drop the keyboard focus mid-call.
              aria-disabled={marking}
              aria-label={t('banner.markSeenLabel', { title: p.title })}
              onClick={() => markSeen(p.id, index)}
            >
              {t('list.markSeen')}
            </Button>
          </li>
        ))}
      </List>
    </Region>
  );
}
