import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focusRing';

export type CollapsibleProps = { title: ReactNode; defaultOpen?: boolean; children: ReactNode };

const Section = styled.section`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md}px;
  background: ${(p) => p.theme.colors.surface};
`;

const Toggle = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 12px 16px;
  border: none;
  background: transparent;
  color: ${(p) => p.theme.colors.text};
  font: 600 1rem ${(p) => p.theme.fonts.primary};
  text-align: left;
  cursor: pointer;
  ${focusRing}
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  transition: transform 0.2s;
  transform: rotate(${(p) => (p.$open ? 180 : 0)}deg);
`;

const Content = styled.div`
  padding: 0 16px 16px;
`;

export function Collapsible({ title, defaultOpen = false, children }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <Section>
      <Toggle type="button" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen((v) => !v)}>
        <span>{title}</span>
        <Chevron aria-hidden="true" $open={open}>
          &#9662;
        </Chevron>
      </Toggle>
      <Content id={contentId} hidden={!open}>
        {children}
      </Content>
    </Section>
  );
}
