// Spec section 3: the reputation scale, L5 (worst) to H5 (best). The reputation zone answers
// 127.0.0.(15 + level): L5 = 127.0.0.10, H0 = 127.0.0.15, H5 = 127.0.0.20. Any other answer, or none, is
// "No info".

export type ReputationCategory = {
  /** The category as the spec's table names it (LHO for level 0). */
  category: string;
  /** What the interface shows (H0 for LHO). */
  label: string;
  level: number | null;
  description: string;
  colour: string;
  /** The answer of the reputation zone for this category; null for No info. */
  address: string | null;
};

const table: [string, number, string, string][] = [
  ['L5', -5, 'Worst possible reputation', '#7f0000'],
  ['L4', -4, 'Very bad reputation', '#b71c1c'],
  ['L3', -3, 'Bad reputation', '#e53935'],
  ['L2', -2, 'Suspicious behavior reputation', '#ef6c00'],
  ['L1', -1, 'Neutral - Probably spam', '#f9a825'],
  ['LHO', 0, 'Neutral', '#78909c'],
  ['H1', 1, 'Neutral - Probably legit', '#9ccc65'],
  ['H2', 2, 'Possible legit sender', '#7cb342'],
  ['H3', 3, 'Good Reputation', '#43a047'],
  ['H4', 4, 'Very Good Reputation', '#2e7d32'],
  ['H5', 5, 'Excellent Reputation', '#1b5e20'],
];

export const reputationCategories: ReputationCategory[] = table.map(
  ([category, level, description, colour]) => ({
    category,
    label: category === 'LHO' ? 'H0' : category,
    level,
    description,
    colour,
    address: `127.0.0.${15 + level}`,
  }),
);

export const noInfo: ReputationCategory = {
  category: 'NO_INFO',
  label: 'No info',
  level: null,
  description: 'No info',
  colour: '#9e9e9e',
  address: null,
};

export function categoryOfAddress(address: string | null | undefined): ReputationCategory {
  return reputationCategories.find((c) => c.address === address) ?? noInfo;
}
