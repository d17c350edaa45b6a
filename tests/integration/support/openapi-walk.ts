import { Ajv } from 'ajv';

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
  example?: unknown;
};
type Media = { schema?: Schema; example?: unknown };
type Response = { content?: Record<string, Media>; headers?: Record<string, unknown> };
export type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, Schema> };
};

const shapes = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', '$ref'] as const;

export function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  if (name) return doc.components?.schemas?.[name] ?? {};
  // A component with an example of its own beside it is written as allOf: [$ref].
  const [only, ...more] = schema.allOf ?? [];
  if (only && !more.length && schema.type === undefined) {
    const { allOf: _, ...own } = schema;
    return { ...resolve(only, doc), ...own };
  }
  return schema;
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

export type Example = { where: string; media: Media; value: unknown };

/** The example of a media type: its own, or its schema's (zod `.meta({ example })` lands there). */
export function exampleOf(media: Media, doc: OpenApiDocument): unknown {
  if (media.example !== undefined) return media.example;
  return media.schema && resolve(media.schema, doc).example;
}

/** Response statuses whose body an example must show: JSON successes (a 204 has none) and the error shapes. */
const exemplified = /^(2\d\d|400|401|403|404|429)$/;

/**
 * Every request body and every JSON answer of those statuses with its example, or the places without one.
 * Bytes (report files, logos), plain strings and CSV texts are excused: the JSON alternative of a CSV route
 * carries the example.
 */
export function examplesOf(doc: OpenApiDocument): { examples: Example[]; missing: string[] } {
  const examples: Example[] = [];
  const missing: string[] = [];
  const take = (where: string, media: Media) => {
    const value = exampleOf(media, doc);
    if (value === undefined) missing.push(where);
    else examples.push({ where, media, value });
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        if (type !== 'multipart/form-data') take(`${name} request ${type}`, media);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const media = response.content?.['application/json'];
        // A plain string (an HTML page, a PDF) has no structure an example would show.
        const text = media?.schema?.type === 'string';
        if (media && !text && exemplified.test(status) && status !== '204') take(`${name} ${status}`, media);
      }
    }
  }
  return { examples, missing };
}

// OpenAPI 3.0 writes an exclusive bound as a flag beside the bound; JSON Schema (Ajv) as the bound itself.
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = asJsonSchema(inner);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  // A nullable enum admits null although OpenAPI 3.0 leaves it out of the list.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...(out.enum as unknown[]), null];
  // nullable beside a $ref or a union (no type of its own): JSON Schema says "or null" with anyOf.
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _, example, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }], ...(example === undefined ? {} : { example }) };
  }
  return out;
}

/**
 * Validates each media type's example and every example nested in its schema (attributes, items) against
 * that schema, $refs into components resolved: how many were checked, and which failed.
 */
export function exampleErrors(
  doc: OpenApiDocument,
  only: (where: string) => boolean = () => true,
): { checked: number; wrong: string[] } {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  const components = asJsonSchema(doc.components ?? {});
  const wrong: string[] = [];
  let checked = 0;
  // Many operations share a schema: each distinct one is compiled once.
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validate = (where: string, schema: Schema | undefined, value: unknown) => {
    const key = JSON.stringify(schema ?? {});
    const run = compiled.get(key) ?? ajv.compile({ ...(asJsonSchema(schema ?? {}) as object), components });
    compiled.set(key, run);
    checked += 1;
    if (!run(value)) wrong.push(`${where}: ${ajv.errorsText(run.errors)}`);
  };
  const nested = (where: string, stated: Schema, seen: Set<object>) => {
    // A shared shape (FieldErrors) is a component: its example is checked where it is used.
    const schema = stated.$ref ? resolve(stated, doc) : stated;
    if (seen.has(schema)) return;
    seen.add(schema);
    if (schema.example !== undefined) validate(where, schema, schema.example);
    const extra = typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [];
    const inner = [
      ...Object.values(schema.properties ?? {}),
      ...(schema.items ? [schema.items] : []),
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
      ...extra,
    ];
    for (const s of inner) nested(where, s, seen);
  };
  for (const { where, media, value } of examplesOf(doc).examples.filter((e) => only(e.where))) {
    if (media.example !== undefined) validate(where, media.schema, value);
    if (media.schema) nested(where, media.schema, new Set());
  }
  return { checked, wrong };
}
