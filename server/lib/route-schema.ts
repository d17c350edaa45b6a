// Shared route-schema bits for the authenticated routes of the platform modules.
export function secured<T extends Record<string, unknown>>(tag: string, summary: string, schema: T) {
  return { tags: [tag], summary, security: [{ bearer: [] }], ...schema };
}
