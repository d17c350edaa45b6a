import { useSearchParams } from 'react-router-dom';

export const drillParam = 'row';

/** The row opened for drill-down lives in the URL (?row=), so the view can be bookmarked and shared. */
export function useDrillParam() {
  const [params, setParams] = useSearchParams();
  const opened = params.get(drillParam);
  const open = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(drillParam);
      else next.set(drillParam, value);
      return next;
    });
  return { opened: opened && opened.trim() ? opened : null, open };
}
