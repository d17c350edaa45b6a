import { useCallback, useEffect, useRef, useState } from 'react';
import type { OptionsPage } from './filterOptionsApi';

/** Reads one page of options matching `search`; stable (useCallback) so a new one means a new list. */
export type PageLoader<T> = (search: string, page: number, signal: AbortSignal) => Promise<OptionsPage<T>>;

type List<T> = { items: T[]; page: number; hasMore: boolean };
/** A list read for one loader and text; `failed` once its last read failed. */
type Loaded<T> = List<T> & { load: PageLoader<T>; search: string; isLoading: boolean; failed: boolean };

/** Typing pauses this long before the server is asked, so each keystroke is not a request. */
export const searchDelayMs = 250;

/**
 * Options of a picker over a list too long to load whole: the server filters by the typed text, and the next
 * page is read when the menu is scrolled to its end. Nothing is read until the menu first opens; `first`, the
 * unfiltered first page when the caller already has it, saves that request.
 */
export function usePagedOptions<T>(load: PageLoader<T>, first: OptionsPage<T> | null = null) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [input]);

  // What the menu offers now: the list read for this loader and text, else the caller's first page.
  const current = loaded && loaded.load === load && loaded.search === search ? loaded : null;
  const usesFirst = current === null && search === '' && first !== null;
  const list: List<T> =
    current ?? (usesFirst ? { ...first, page: 1 } : { items: [], page: 0, hasMore: false });

  // State is set only when the answer comes (the first page's wait is derived; loadMore marks its own).
  const read = useCallback(
    (text: string, page: number, before: T[]) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const base = { load, search: text, items: before, page: page - 1, hasMore: true, isLoading: false };
      load(text, page, controller.signal).then(
        (next) => {
          if (controller.signal.aborted) return;
          const items = [...before, ...next.items];
          setLoaded({ ...base, items, page, hasMore: next.hasMore, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setLoaded({ ...base, failed: true });
        },
      );
    },
    [load],
  );

  // The first page for this text (or loader, e.g. another organization's domains) once the menu is open.
  const needsFirstPage = isOpen && current === null && !usesFirst;
  useEffect(() => {
    if (needsFirstPage) read(search, 1, []);
  }, [needsFirstPage, search, read]);

  useEffect(() => () => running.current?.abort(), []);

  const isLoading = current?.isLoading ?? needsFirstPage;
  const failed = current?.failed ?? false;
  return {
    items: list.items,
    failed,
    // While the typed text waits for its answer, the previous answer is not offered as if it matched.
    isLoading: isLoading || input.trim() !== search,
    input,
    setInput,
    /** Back to the unfiltered list at once (the menu closed or a choice was made): no search to wait for. */
    clearInput: () => {
      setInput('');
      setSearch('');
    },
    onMenuOpen: () => setOpen(true),
    // A failed read is asked again when the menu next opens.
    onMenuClose: () => {
      setOpen(false);
      if (failed) setLoaded(null);
    },
    loadMore: () => {
      if (!list.hasMore || isLoading || failed) return;
      setLoaded({ ...list, load, search, isLoading: true, failed: false });
      read(search, list.page + 1, list.items);
    },
  };
}
