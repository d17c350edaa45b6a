import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { toastColumnPx, toastSpace } from './toastSpace';

export type ModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
};

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Spec section 9: 500px wide by default, 90% max width, overlay z-index 1299.
const Overlay = styled.div<{ $width: number }>`
  position: fixed;
  inset: 0;
  z-index: 1299;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(9, 16, 28, 0.55);
  box-sizing: border-box;
  /* Toasts come up at the bottom right, across the whole width on a phone: on a screen narrow enough for them
     to reach the dialog, the dialog sits above them, so they never cover its footer's actions. */
  @media (max-width: ${(p) => p.$width + 2 * toastColumnPx}px) {
    padding-bottom: ${toastSpace};
  }
`;

const Dialog = styled.div<{ $width: number }>`
  width: ${(p) => p.$width}px;
  max-width: 90%;
  max-height: min(90vh, calc(100% - 16px));
  display: flex;
  flex-direction: column;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  border-radius: ${(p) => p.theme.radii.lg}px;
  font-family: ${(p) => p.theme.fonts.primary};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px 20px;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.15rem;
`;

const CloseButton = styled.button`
  border: none;
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  border-radius: ${(p) => p.theme.radii.sm}px;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
`;

const Body = styled.div`
  padding: 20px;
  overflow-y: auto;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  padding: 12px 20px;
  border-top: 1px solid ${(p) => p.theme.colors.border};
`;

export function Modal({ isOpen, onClose, title, width = 500, children, footer }: ModalProps) {
  const { t } = useTranslation('components');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Lock page scrolling while open; give the previous value back on close.
  useEffect(() => {
    if (!isOpen) return;
    const previousOverflow = document.body.style.overflow;
    const previousFocus = document.activeElement as HTMLElement | null;
    document.body.style.overflow = 'hidden';
    // Focus goes into the dialog: a marked field, else the first field of the body, else the dialog.
    const first =
      dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      bodyRef.current?.querySelector<HTMLElement>(focusable);
    (first ?? dialogRef.current)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      // An Escape that closed something of its own (a toast) is marked handled and leaves the dialog open.
      if (event.key === 'Escape' && !event.defaultPrevented) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      previousFocus?.focus?.();
    };
  }, [isOpen]);

  // Keep Tab inside the dialog (WAI-ARIA dialog pattern).
  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(focusable));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!isOpen) return null;
  return createPortal(
    <Overlay
      $width={width}
      data-testid="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $width={width}
        onKeyDown={trapTab}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label={t('components.modal.close')} onClick={onClose}>
            <span aria-hidden="true">&times;</span>
          </CloseButton>
        </Header>
        <Body ref={bodyRef}>{children}</Body>
        {footer ? <Footer>{footer}</Footer> : null}
      </Dialog>
    </Overlay>,
    document.body,
  );
}
