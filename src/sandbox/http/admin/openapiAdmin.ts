import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ANSWER_RESPONSES, ANSWER_SCHEMAS, ref } from '../../worlds/answers';
import { DOCUMENTED_AS, type AdminDoc, type JsonSchema, type OperationRoute } from '../../worlds/operation';
import { OPERATIONS } from '../../worlds/operations';
import { ADMIN_ROUTES, NAMESPACE_ROUTES } from './routes';

// The admin half of the OpenAPI document (src/sandbox/vocabulary/openapi.json): every
// /__sandbox/* path and the components only they name, generated from the admin routes'
// definitions (the operations' table, worlds/operations.ts, and the other admin routes,
// routes.ts, the namespaces' among them): each route's parameters and request body from the valibot
// schema its input is checked with, its answer from its doc, the answers' shapes from
// worlds/answers.ts. `npm run openapi:admin` writes it; test/unit/sandbox/openapiAdmin.test.ts
// fails when the committed document differs. The API half (/v1/…) is written by hand. Not in any
// runtime bundle (scripts and tests import it).

type PathItem = Record<string, JsonSchema>;

export interface OpenApiDocument {
  paths: Record<string, PathItem>;
  webhooks?: unknown;
  components: Record<string, Record<string, JsonSchema>>;
  [field: string]: unknown;
}

/** One admin route as the document describes it: an operation of the table, or another admin route. */
interface Documented {
  route: OperationRoute;
  accepts: v.GenericSchema;
  doc: AdminDoc;
}

const ADMIN_PREFIX = '/__sandbox/';
const TAG = 'Sandbox admin';
/** What any admin route may answer: a bad input, the admin token, a foreign Host, an unknown world or id, a body too large. */
const EVERY_ROUTE: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'ForbiddenHost',
  404: 'NotFound',
  413: 'PayloadTooLarge',
};
/** The methods whose body the sandbox parses (http/dispatch.ts): a content type it cannot read is a 415. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Schemas only Node can pass (a pattern, a predicate, a Date): an alternative of a union over HTTP at most. */
const NODE_ONLY_TYPES = new Set(['instance', 'function', 'date', 'custom', 'promise', 'symbol', 'undefined']);
const NODE_ONLY = 'x-node-only';

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // What the check keeps (a mobile as 234…, a count as a number), described with the rules it was checked by.
  typeMode: 'output',
  errorMode: 'throw',
  ignoreActions: ['transform', 'check', 'trim', 'to_upper_case'],
  overrideAction: ({ valibotAction }) => {
    const metadata = (valibotAction as { metadata?: Record<string, unknown> }).metadata;
    return metadata?.[DOCUMENTED_AS] ? structuredClone(metadata[DOCUMENTED_AS] as JsonSchema) : undefined;
  },
  overrideSchema: ({ valibotSchema }) => (NODE_ONLY_TYPES.has(valibotSchema.type) ? ({ [NODE_ONLY]: true } as never) : undefined),
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

const isRecord = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Drops the alternatives only Node passes; throws when a schema has no JSON Schema at all (give it `documentedAs`). */
function withoutNodeOnly(schema: JsonSchema, where: string): JsonSchema {
  if (schema[NODE_ONLY]) throw new Error(`${where}: a schema with no JSON Schema; end its pipe with documentedAs(…) (worlds/operation.ts)`);
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$schema') continue;
    if ((keyword === 'anyOf' || keyword === 'oneOf') && Array.isArray(value)) {
      const kept = value.filter((option) => !(isRecord(option) && option[NODE_ONLY])).map((option) => withoutNodeOnly(option, where));
      if (kept.length === 1) Object.assign(out, kept[0]);
      else out[keyword] = kept;
    } else if (Array.isArray(value)) {
      out[keyword] = value.map((item) => (isRecord(item) ? withoutNodeOnly(item, where) : item));
    } else {
      out[keyword] = isRecord(value) ? withoutNodeOnly(value, where) : value;
    }
  }
  return out;
}

function jsonOf(schema: v.GenericSchema, where: string): JsonSchema {
  return withoutNodeOnly(toJsonSchema(schema as never, CONVERSION) as JsonSchema, where);
}

/** The object schema a route's input is made of (through its pipe): its fields by name. */
function entriesOf(schema: v.GenericSchema): Record<string, v.GenericSchema> {
  const pipe = (schema as { pipe?: v.GenericSchema[] }).pipe;
  const object = pipe ? [...pipe].reverse().find((item) => 'entries' in item) : schema;
  return ((object as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries ?? {}) as Record<string, v.GenericSchema>;
}

const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);
const pathFields = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** The route's query and path parameters, each from its field's schema; `doc.parameters` words come first. */
function parameters({ route, accepts, doc }: Documented, where: string): JsonSchema[] {
  const entries = entriesOf(accepts);
  const fields = [
    ...(route.query ?? []).map((name) => [name, 'query'] as const),
    ...pathFields(route.path).map((name) => [name, 'path'] as const),
  ];
  const listed = fields.map(([name, place]) => {
    const entry = entries[name];
    if (!entry) throw new Error(`${where}: ${place} field "${name}" is not a field of its input schema`);
    const { description, ...schema } = jsonOf(entry, `${where} ${name}`);
    const words = doc.parameters?.[name] ?? description;
    return { name, in: place, required: place === 'path' || !OPTIONAL.has(entry.type), ...(words ? { description: words } : {}), schema };
  });
  const headers = Object.entries(doc.headers ?? {}).map(([name, description]) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: { type: 'string' },
  }));
  return [...listed, ...headers];
}

/** The request body's schema: the input's fields but those the query and path carry. */
function bodySchema({ route, accepts }: Documented, where: string): JsonSchema {
  const elsewhere = new Set([...(route.query ?? []), ...pathFields(route.path)]);
  const strip = (schema: JsonSchema): JsonSchema => {
    if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: (schema.oneOf as JsonSchema[]).map(strip) };
    if (!isRecord(schema.properties)) return schema;
    const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !elsewhere.has(name)));
    const required = Array.isArray(schema.required) ? schema.required.filter((name) => !elsewhere.has(name as string)) : undefined;
    return { ...schema, properties, ...(required ? { required } : {}) };
  };
  return strip(jsonOf(accepts, `${where} body`));
}

/** The success envelope around an answer's `data`. */
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { const: true }, message: { type: 'string' }, data },
  additionalProperties: false,
});

function responses(route: OperationRoute, docs: readonly AdminDoc[]): JsonSchema {
  const [doc] = docs as [AdminDoc];
  const answers = docs.map((each) => each.answer);
  const answer = answers.length === 1 ? (answers[0] as JsonSchema) : { oneOf: answers };
  const content = doc.bare ? { [doc.bare]: { schema: answer } } : { 'application/json': { schema: envelope(answer) } };
  const out: JsonSchema = { 200: { description: doc.answered ?? 'Done', content } };
  const errors: Record<number, string> = { ...EVERY_ROUTE };
  if (BODY_METHODS.has(route.method)) errors[415] = 'UnsupportedMediaType';
  for (const each of docs) Object.assign(errors, each.errors);
  for (const [status, said] of Object.entries(errors)) {
    const named = said in ANSWER_RESPONSES || Object.values(EVERY_ROUTE).includes(said) || said === 'UnsupportedMediaType';
    out[status] = named
      ? { $ref: `#/components/responses/${said}` }
      : { description: said, content: { 'application/json': { schema: ref('Error') } } };
  }
  return out;
}

/** Merges the parameters of routes that share a method and path: one the others lack is optional. */
function mergedParameters(lists: JsonSchema[][]): JsonSchema[] {
  const byName = new Map<string, JsonSchema>();
  for (const list of lists)
    for (const parameter of list) if (!byName.has(parameter.name as string)) byName.set(parameter.name as string, parameter);
  return [...byName.values()].map((parameter) => ({
    ...parameter,
    required: lists.every((list) => list.some((each) => each.name === parameter.name && each.required)),
  }));
}

/** One operation of the document from the routes on one method and path (the one without `when` speaks for them). */
function operationOf(routes: Documented[], bodies: Record<string, JsonSchema>): JsonSchema {
  const ordered = [...routes.filter((each) => !each.route.when), ...routes.filter((each) => each.route.when)];
  const main = ordered[0] as Documented;
  const where = `${main.route.method} ${main.route.path}`;
  const { doc, route } = main;
  const params = mergedParameters(ordered.map((each) => parameters(each, where)));
  const operation: JsonSchema = {
    tags: [TAG],
    operationId: doc.id,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: [],
    ...(params.length ? { parameters: params } : {}),
  };
  if (route.body) {
    const schema = bodySchema(main, where);
    if (doc.body) bodies[doc.body] = schema;
    const used = doc.body ? ref(doc.body) : schema;
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: used }, 'application/x-www-form-urlencoded': { schema: used } },
    };
  }
  operation.responses = responses(route, [doc, ...ordered.slice(1).map((each) => each.doc)]);
  return operation;
}

/** Every admin route the sandbox serves, as the router adds them. */
export function documentedRoutes(): Documented[] {
  return [...ADMIN_ROUTES, ...(Object.values(OPERATIONS) as Documented[]), ...NAMESPACE_ROUTES];
}

/** The components the admin answers name, from worlds/answers.ts (a valibot schema converted, JSON Schema as is). */
function answerComponents(): Record<string, JsonSchema> {
  const valibot = Object.fromEntries(Object.entries(ANSWER_SCHEMAS).filter(([, schema]) => 'kind' in schema)) as Record<
    string,
    v.GenericSchema
  >;
  const converted = toJsonSchemaDefs(valibot as never, CONVERSION) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(ANSWER_SCHEMAS).map(([name, schema]) => [
      name,
      'kind' in schema ? withoutNodeOnly(converted[name] as JsonSchema, name) : structuredClone(schema as JsonSchema),
    ]),
  );
}

/** The admin half: its paths and the components they alone name. */
export function adminHalf(): {
  paths: Record<string, PathItem>;
  schemas: Record<string, JsonSchema>;
  responses: Record<string, JsonSchema>;
} {
  const byRoute = new Map<string, Documented[]>();
  for (const each of documentedRoutes()) {
    const key = `${each.route.path} ${each.route.method}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), each]);
  }
  const paths: Record<string, PathItem> = {};
  const bodies: Record<string, JsonSchema> = {};
  const ids = new Set<string>();
  for (const routes of byRoute.values()) {
    const { route } = routes[0] as Documented;
    const operation = operationOf(routes, bodies);
    if (ids.has(operation.operationId as string)) throw new Error(`Two admin routes have the operationId ${String(operation.operationId)}`);
    ids.add(operation.operationId as string);
    const template = route.path.replace(/:(\w+)/g, '{$1}');
    paths[template] = { ...paths[template], [route.method.toLowerCase()]: operation };
  }
  const schemas = answerComponents();
  for (const [name, schema] of Object.entries(bodies)) {
    if (schemas[name]) throw new Error(`The request body ${name} has the name of an answer's schema (worlds/answers.ts)`);
    schemas[name] = schema;
  }
  return { paths, schemas, responses: structuredClone(ANSWER_RESPONSES) as Record<string, JsonSchema> };
}

/** The component kinds a `$ref` names and the admin half may leave unused (never securitySchemes: named, not referenced). */
const REFERENCED_KINDS = ['schemas', 'parameters', 'responses', 'requestBodies'] as const;

/** Every `$ref` in a value. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isRecord(value)) {
    for (const [keyword, inner] of Object.entries(value)) {
      if (keyword === '$ref' && typeof inner === 'string') found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** The components `roots` reach, through the components' own references. */
function reached(components: OpenApiDocument['components'], roots: unknown[]): Set<string> {
  const seen = new Set<string>();
  const waiting = [...refsIn(roots, new Set())];
  while (waiting.length > 0) {
    const pointer = waiting.pop() as string;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const [, , kind, name] = pointer.split('/');
    waiting.push(...refsIn(components[kind ?? '']?.[name ?? ''], new Set()));
  }
  return seen;
}

/**
 * The document with its admin half made again: the /__sandbox/* paths and the components they
 * name replaced by those of adminHalf(), and the components nothing names any more dropped. The
 * hand-written API half is kept as it is; a generated component may not take one of its names.
 */
export function withAdminHalf(document: OpenApiDocument): OpenApiDocument {
  const half = adminHalf();
  const apiPaths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !path.startsWith(ADMIN_PREFIX)));
  const apiHalf = reached(document.components, [apiPaths, document.webhooks]);
  const components = structuredClone(document.components);
  for (const [kind, made] of [
    ['schemas', half.schemas],
    ['responses', half.responses],
  ] as const) {
    for (const name of Object.keys(made)) {
      if (apiHalf.has(`#/components/${kind}/${name}`))
        throw new Error(`components.${kind}.${name} belongs to the API half: name the admin one otherwise`);
    }
    components[kind] = { ...components[kind], ...made };
  }
  const paths = { ...apiPaths, ...half.paths };
  const kept = reached(components, [paths, document.webhooks]);
  for (const kind of REFERENCED_KINDS) {
    for (const name of Object.keys(components[kind] ?? {})) if (!kept.has(`#/components/${kind}/${name}`)) delete components[kind]?.[name];
  }
  return { ...document, paths, components };
}
