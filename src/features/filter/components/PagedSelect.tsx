import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useRef, type UIEvent } from 'react';
import ReactSelect, { components, type MenuListProps } from 'react-select';
import { useTheme } from 'styled-components';
import { selectClassPrefix, selectMenuDefaults, type SelectOption } from '../../../components/Select';
import { selectLook } from '../../../components/selectLook';
import type { OptionsPage } from '../filterOptionsApi';
import { usePagedOptions, type PageLoader } from '../usePagedOptions';

/** How close to the end of the menu the next page is asked for (about one option's height). */
const nearEndPx = 40;

type Props<V extends string | number> = {
  inputId: string;
  placeholder: string;
  value: SelectOption<V> | null;
  onChange: (next: SelectOption<V> | null) => void;
  /** Reads a page of options for the typed text; a new loader (useCallback) starts a new list. */
  load: PageLoader<SelectOption<V>>;
  /** The unfiltered first page, when it is already loaded. */
  first?: OptionsPage<SelectOption<V>> | null;
  isLoading?: boolean;
};

/**
 * A single choice out of a server-side list of any length, styled like components/Select: typing asks the
 * server (its ?search=), scrolling to the end of the menu reads the next page. The server's order is kept.
 */
export function PagedSelect<V extends string | number>(props: Props<V>) {
  const { t } = useTranslation('filter');
  const common = useTranslation('components').t;
  const paged = usePagedOptions(props.load, props.first);
  const loadMore = useRef(paged.loadMore);
  useEffect(() => {
    loadMore.current = paged.loadMore;
  });
  // The next page is read when the menu list nears its end however it got there: wheel, scrollbar, touch, or
  // the arrow keys scrolling the focused option into view. Made once, so the menu is not remounted.
  const MenuList = useMemo(
    () =>
      function PagedMenuList(list: MenuListProps<SelectOption<V>, false>) {
        const onScroll = (event: UIEvent<HTMLDivElement>) => {
          const el = event.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - nearEndPx) loadMore.current();
        };
        return <components.MenuList {...list} innerProps={{ ...list.innerProps, onScroll }} />;
      },
    [],
  );
  const { theme, styles } = selectLook<SelectOption<V>, false>(useTheme());
  return (
    <ReactSelect<SelectOption<V>, false>
      inputId={props.inputId}
      options={paged.items}
      value={props.value}
      onChange={(next) => props.onChange(next)}
      inputValue={paged.input}
      onInputChange={(text, meta) => {
        if (meta.action === 'input-change') paged.setInput(text);
        if (meta.action === 'menu-close' || meta.action === 'set-value') paged.clearInput();
      }}
      // The server already filtered by the typed text (also inside names, e.g. "corp" finds "Acme Corp").
      filterOption={null}
      onMenuOpen={paged.onMenuOpen}
      onMenuClose={paged.onMenuClose}
      components={{ MenuList }}
      isLoading={props.isLoading || paged.isLoading}
      isClearable
      placeholder={props.placeholder}
      noOptionsMessage={() => (paged.failed ? t('search.failed') : t('search.noMatch'))}
      loadingMessage={() => common('components.select.loading')}
      classNamePrefix={selectClassPrefix}
      theme={theme}
      styles={styles}
      {...selectMenuDefaults}
    />
  );
}
