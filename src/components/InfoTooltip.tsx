import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focusRing';

export type InfoTooltipProps = { text: string; label?: string };

const Wrapper = styled.span`
  position: relative;
  display: inline-flex;
  vertical-align: middle;
`;

const Trigger = styled.button`
  width: 20px;
  height: 20px;
  padding: 0;
  border: 1px solid ${(p) => p.theme.colors.textMuted};
  border-radius: 50%;
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
  font: 600 12px/1 ${(p) => p.theme.fonts.secondary};
  cursor: pointer;
  ${focusRing}
`;

const Bubble = styled.span`
  position: absolute;
  top: calc(100% + 6px);
  left: 50%;
  transform: translateX(-50%);
  z-index: 1000;
  width: max-content;
  max-width: 280px;
  padding: 8px 12px;
  border-radius: ${(p) => p.theme.radii.md}px;
  background: ${(p) => p.theme.colors.text};
  color: ${(p) => p.theme.colors.surface};
  font: 400 0.85rem/1.4 ${(p) => p.theme.fonts.secondary};
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.2);
`;

export function InfoTooltip({ text, label }: InfoTooltipProps) {
  const { t } = useTranslation('components');
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const tooltipId = useId();

  // Closes on a click outside and on Escape (spec section 2).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        type="button"
        aria-label={label ?? t('components.tooltip.label')}
        aria-expanded={open}
        aria-describedby={open ? tooltipId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">i</span>
      </Trigger>
      {open ? (
        <Bubble role="tooltip" id={tooltipId}>
          {text}
        </Bubble>
      ) : null}
    </Wrapper>
  );
}
