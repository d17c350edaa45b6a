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
  // A binary body (a report file, a logo) is a string of bytes, not an open object.
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

/** Success responses not closed yet ("METHOD /path STATUS"); the test fails when one closes and stays here. */
export const stillOpen: string[] = [
  'GET /api/dm/analysis-by-system/{system}/{domainId}/ 200',
  'GET /api/dm/dmarc/aggregate-reports/email-senders/{id}/logo/ 200',
  'GET /api/dm/dmarc/aggregate-reports/{id}/file/ 200',
  'GET /api/dm/dmarc/failure-reports/ 200',
  'GET /api/dm/dmarc/failure-reports/{id}/file/ 200',
  'GET /api/dm/dmarc/tls-reports/ 200',
  'GET /api/dm/dmarc/tls-reports/{id}/file/ 200',
  'GET /api/openapi.json 200',
  'GET /api/ph/v2/audit/operations/ 200',
  'GET /api/rep/ips/ 200',
  'GET /api/rep/v2/ips/{ip}/ip-info-io/ 200',
  'GET /checks/dane/{domain} 200',
  'GET /checks/dmarc/{domain} 200',
  'GET /checks/dns/{domain} 200',
  'GET /checks/dnssec/{domain} 200',
  'GET /checks/domain/{domain} 200',
  'GET /checks/mta-sts/{domain} 200',
  'GET /checks/smtp/{domain} 200',
  'GET /checks/spf/{domain} 200',
  'GET /checks/tls-rpt/{domain} 200',
];
