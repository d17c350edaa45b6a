// Spec section 9: select and list options are sorted alphabetically, case-insensitive.
const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true });

export function sortOptions<T extends { label: string }>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => collator.compare(a.label.toLowerCase(), b.label.toLowerCase()));
}
