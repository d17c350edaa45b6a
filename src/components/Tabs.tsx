import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focusRing';

export type TabItem = { id: string; label: ReactNode; content: ReactNode };
export type TabsProps = { tabs: TabItem[]; initialTab?: string };

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  padding: 10px 16px;
  border: none;
  border-bottom: 3px solid ${(p) => (p.$active ? p.theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.textMuted)};
  font: ${(p) => (p.$active ? 600 : 500)} 0.95rem ${(p) => p.theme.fonts.primary};
  cursor: pointer;
  ${focusRing}
`;

const Panel = styled.div`
  padding: 16px 0;
  ${focusRing}
`;

// WAI-ARIA tabs pattern, automatic activation: arrows, Home and End move and select.
export function Tabs({ tabs, initialTab }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(() =>
    tabs.some((tab) => tab.id === initialTab) ? initialTab : tabs[0]?.id,
  );
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  if (!active) return null;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active.id);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(tabs[next].id);
    refs.current.get(tabs[next].id)?.focus();
  }

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  return (
    <div>
      <List role="tablist" onKeyDown={move}>
        {tabs.map((tab) => {
          const isActive = tab.id === active.id;
          return (
            <Tab
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isActive}
              aria-controls={panelId(tab.id)}
              tabIndex={isActive ? 0 : -1}
              $active={isActive}
              onClick={() => setSelected(tab.id)}
            >
              {tab.label}
            </Tab>
          );
        })}
      </List>
      <Panel role="tabpanel" id={panelId(active.id)} aria-labelledby={tabId(active.id)} tabIndex={0}>
        {active.content}
      </Panel>
    </div>
  );
}
