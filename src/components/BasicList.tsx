import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focusRing';
import { sortOptions } from './sortOptions';

export type BasicListItem = { id: string | number; label: string };
export type BasicListProps = { items: BasicListItem[]; onRemove?: (id: BasicListItem['id']) => void };

// Spec section 9: max height 200px, then it scrolls.
const List = styled.ul`
  max-height: 200px;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md}px;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 6px 12px;
  color: ${(p) => p.theme.colors.text};
  & + & {
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
`;

const Remove = styled.button`
  border: none;
  background: transparent;
  color: ${(p) => p.theme.colors.error};
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  border-radius: ${(p) => p.theme.radii.sm}px;
  ${focusRing}
`;

const Empty = styled.p`
  margin: 0;
  padding: 12px;
  color: ${(p) => p.theme.colors.textMuted};
  border: 1px dashed ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md}px;
`;

export function BasicList({ items, onRemove }: BasicListProps) {
  const { t } = useTranslation('components');
  if (items.length === 0) return <Empty>{t('components.basicList.empty')}</Empty>;
  return (
    <List aria-label={t('components.basicList.label')}>
      {sortOptions(items).map((item) => (
        <Row key={item.id}>
          <span>{item.label}</span>
          {onRemove ? (
            <Remove
              type="button"
              aria-label={t('components.basicList.remove', { label: item.label })}
              onClick={() => onRemove(item.id)}
            >
              <span aria-hidden="true">&times;</span>
            </Remove>
          ) : null}
        </Row>
      ))}
    </List>
  );
}
