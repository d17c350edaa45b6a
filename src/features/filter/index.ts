// The filter feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export { filterQueryKeys, filterToQuery } from './filterQuery';
export { all, selectFilter, setDomain } from './filterSlice';
export type { FilterState } from './filterSlice';
export { periodWithData } from './period';
export { useFilterChange } from './useFilterChange';
