import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import styled, { createGlobalStyle, useTheme } from 'styled-components';
import { focusRing } from './focusRing';

// Spec section 9: toasts close after 5 seconds (the library default, set explicitly).
export const toastAutoCloseMs = 5000;

const ToastColours = createGlobalStyle`
  .Toastify {
    --toastify-color-success: ${(p) => p.theme.colors.success};
    --toastify-color-warning: ${(p) => p.theme.colors.warning};
    --toastify-color-error: ${(p) => p.theme.colors.error};
    --toastify-color-info: ${(p) => p.theme.colors.primary};
    --toastify-color-light: ${(p) => p.theme.colors.surface};
    --toastify-color-dark: ${(p) => p.theme.colors.surface};
    --toastify-text-color-light: ${(p) => p.theme.colors.text};
    --toastify-text-color-dark: ${(p) => p.theme.colors.text};
    --toastify-font-family: ${(p) => p.theme.fonts.secondary};
  }
  /* A toast keeps the place it was shown in: one from before the screen narrowed moves down too. */
  @media only screen and (max-width: 480px) {
    .Toastify__toast-container.Toastify__toast-container--top-right {
      top: auto;
      bottom: env(safe-area-inset-bottom);
    }
  }
`;

const Close = styled.button`
  align-self: flex-start;
  border: none;
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  border-radius: ${(p) => p.theme.radii.sm}px;
  ${focusRing}
`;

function CloseToast({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation('components');
  return (
    <Close type="button" aria-label={t('components.toasts.close')} onClick={(event) => closeToast(event)}>
      <span aria-hidden="true">&times;</span>
    </Close>
  );
}

// At 480 px and below react-toastify spreads a toast across the whole width; at the top it would hide the
// header and its menu button, so on a phone toasts come up from the bottom of the screen.
const phone = '(max-width: 480px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(phone);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia?.(phone).matches ?? false;

export function AppToastContainer() {
  const theme = useTheme();
  const narrow = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <>
      <ToastColours />
      <ToastContainer
        position={narrow ? 'bottom-center' : 'top-right'}
        autoClose={toastAutoCloseMs}
        theme={theme.name === 'carrierTheme' ? 'dark' : 'light'}
        closeButton={CloseToast}
        newestOnTop
      />
    </>
  );
}
