import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { filterQueryKeys, filterToQuery } from './filterQuery';
import { setFilter, type FilterState } from './filterSlice';

/** Sets the global filter and writes it to the URL, so a link or a reload shows the same selection. */
export function useFilterChange() {
  const dispatch = useAppDispatch();
  const [, setSearchParams] = useSearchParams();
  return (next: FilterState) => {
    dispatch(setFilter(next));
    setSearchParams(
      (current) => {
        const query = new URLSearchParams(current);
        Object.values(filterQueryKeys).forEach((key) => query.delete(key));
        filterToQuery(next).forEach((value, key) => query.set(key, value));
        return query;
      },
      { replace: true },
    );
  };
}
