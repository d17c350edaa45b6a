// Walks an OpenAPI 3.0 schema for places a client generator would have to type as "anything".

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
  format?: string;
  nullable?: boolean;
};
type Response = { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> };
export type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, Schema> };
};

const shapes = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', '$ref'] as const;

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (doc.components?.schemas?.[name] ?? {}) : schema;
}

/** Paths (like "/data/items/attributes (loose object)") of the open places in a schema. */
export function openSpots(
  schema: Schema | undefined,
  doc: OpenApiDocument,
  at = '',
  seen = new Set<Schema>(),
): string[] {
  if (!schema) return [` ${at || '/'} (no schema)`];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const s = resolve(schema, doc);
  // A string is closed; a binary body (a report file, a logo) is a string of bytes (isBinary).
  if (s.type === 'string') return [];
  if (!shapes.some((key) => key in s)) return [` ${at || '/'} (unknown or any)`];
  const spots: string[] = [];
  for (const list of [s.anyOf, s.oneOf, s.allOf])
    (list ?? []).forEach((inner, i) => spots.push(...openSpots(inner, doc, `${at}/${i}`, seen)));
  if (s.items) spots.push(...openSpots(s.items, doc, `${at}/items`, seen));
  if (s.type === 'object' || s.properties) {
    const extra = s.additionalProperties;
    const named = Object.keys(s.properties ?? {}).length > 0;
    if (extra === true || (typeof extra === 'object' && Object.keys(extra).length === 0))
      spots.push(` ${at || '/'} (loose object)`);
    else if (extra === undefined && !named) spots.push(` ${at || '/'} (object without properties)`);
    else if (typeof extra === 'object') spots.push(...openSpots(extra, doc, `${at}/*`, seen));
    for (const [key, inner] of Object.entries(s.properties ?? {}))
      spots.push(...openSpots(inner, doc, `${at}/${key}`, seen));
  }
  return spots;
}

/**
 * Success responses that stay open on purpose ("METHOD /path STATUS" and why). The test fails when one is
 * closed and still listed here.
 */
export const openByDesign: Record<string, string> = {
  // The document describing the API is itself an OpenAPI 3.0 object: its schemas are JSON Schema, open by
  // design, and its shape is the OpenAPI specification's to define, not this API's.
  'GET /api/openapi.json 200': 'the OpenAPI document itself (https://spec.openapis.org/oas/v3.0.3)',
};

/** A body that is not JSON (a report file, a logo) is declared as bytes: a string in binary format. */
export function isBinary(schema: Schema | undefined): boolean {
  return schema?.type === 'string' && schema.format === 'binary';
}
