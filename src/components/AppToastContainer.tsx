import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import styled, { createGlobalStyle, useTheme } from 'styled-components';
import { focusRing } from './focusRing';
import { useToastCap } from './toastCap';
import { useEscapeClosesToast } from './toastKeys';
import { useToastSpace } from './toastSpace';

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
  /* On a phone a toast takes the screen's width; it keeps a small margin so that it reads as a message,
     not as part of the page. */
  @media only screen and (max-width: 480px) {
    .Toastify__toast-container {
      padding: 0 8px 8px;
      box-sizing: border-box;
    }
    .Toastify__toast {
      margin-top: 8px;
      border-radius: ${(p) => p.theme.radii.md}px;
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
    <Close
      type="button"
      data-toast-close
      aria-label={t('components.toasts.close')}
      onClick={(event) => closeToast(event)}
    >
      <span aria-hidden="true">&times;</span>
    </Close>
  );
}

// Toasts come up at the bottom: at the top they covered the header's controls (language, theme, user menu)
// and the page's first actions, so a second action had to wait for them to go. At 480 px and below
// react-toastify spreads a toast across the whole width, so there it is centred.
const phone = '(max-width: 480px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(phone);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia?.(phone).matches ?? false;

export function AppToastContainer() {
  const theme = useTheme();
  const { t } = useTranslation('components');
  const narrow = useSyncExternalStore(subscribe, isPhone, () => false);
  useToastCap();
  useEscapeClosesToast();
  useToastSpace();
  return (
    <>
      <ToastColours />
      <ToastContainer
        position={narrow ? 'bottom-center' : 'bottom-right'}
        aria-label={t('components.toasts.region')}
        autoClose={toastAutoCloseMs}
        theme={theme.name === 'carrierTheme' ? 'dark' : 'light'}
        closeButton={CloseToast}
        newestOnTop
      />
    </>
  );
}
