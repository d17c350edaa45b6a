// Constants of spec section 9: breakpoints, radii, fonts.
export const breakpoints = { xs: 319, sm: 575, md: 767, lg: 991, xl: 1199, xxl: 1360 } as const;
// The spec gives xxl twice (1360 and 1355); the layout uses 1360, the alternate stays available.
export const xxlAlt = 1355;
export const radii = { sm: 3, md: 5, lg: 10, pill: 25 } as const;
export const fonts = {
  primary: "'Poppins', system-ui, sans-serif",
  secondary: "'Roboto', system-ui, sans-serif",
} as const;
export const media = Object.fromEntries(
  Object.entries(breakpoints).map(([k, v]) => [k, `@media (min-width: ${v}px)`]),
) as Record<keyof typeof breakpoints, string>;
