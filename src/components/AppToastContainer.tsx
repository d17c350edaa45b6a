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

export function AppToastContainer() {
  const theme = useTheme();
  return (
    <>
      <ToastColours />
      <ToastContainer
        position="top-right"
        autoClose={toastAutoCloseMs}
        theme={theme.name === 'carrierTheme' ? 'dark' : 'light'}
        closeButton={CloseToast}
        newestOnTop
      />
    </>
  );
}
