import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focusRing';
import { Spinner } from './Spinner';

export type LoadingButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  isLoading: boolean;
  icon?: ReactNode;
  children: ReactNode;
};

const Button = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 18px;
  border: 1px solid ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radii.md}px;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.primaryContrast};
  font: 500 0.95rem ${(p) => p.theme.fonts.primary};
  cursor: pointer;
  ${focusRing}
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const Icon = styled.span`
  display: inline-flex;
`;

// While loading the spinner takes the icon's place (spec section 2); the button cannot be pressed twice.
export function LoadingButton({
  isLoading,
  icon,
  children,
  disabled,
  type = 'button',
  ...rest
}: LoadingButtonProps) {
  return (
    <Button {...rest} type={type} disabled={disabled || isLoading} aria-busy={isLoading || undefined}>
      {isLoading ? <Spinner size={16} /> : icon ? <Icon aria-hidden="true">{icon}</Icon> : null}
      <span>{children}</span>
    </Button>
  );
}
