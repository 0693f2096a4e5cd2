// The API's endpoints as the editor features read them, built once from the OpenAPI document
// (src/sandbox/vocabulary/openapi.json): each path of /v1/ with its methods, what they need and answer.
// Plain TypeScript: no vscode, so the unit tests and the bench run it in Node.

import { MONEY_WORDS } from '../../common/moneyWords';
import { applicableErrors, type OperationVocabulary } from './errorClauses';
import { MONEY_COMMANDS } from './moneyCommands';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A field of a body, a query or an answer, one line of the hover. */
export interface Field {
  name: string;
  /** `string`, `integer (kobo)`, `object`, `"bank" | "phone"`, … */
  type: string;
  required: boolean;
  description?: string;
}

export interface Operation {
  method: HttpMethod;
  operationId: string;
  summary: string;
  description: string;
  /** Security schemes, each alternative a list of scheme names (`AppKey`, `WalletToken`, …). */
  security: string[][];
  pathParams: Field[];
  queryParams: Field[];
  /** Headers of its own beyond the security ones (the sandbox's X-Sandbox-Outcome). */
  headers: Field[];
  body: Field[];
  /** The `data` of the success answer, its objects' fields too (`data.user.balance`). */
  answer: Field[];
  /** Status (`400`, `4XX`) and what it means, with only the error codes this operation can give. */
  errors: { status: string; description: string; sandboxOnly: boolean }[];
}

export interface Endpoint {
  /** The path as the document writes it: `/v1/transactions/{transactionRef}`. */
  path: string;
  /** Literal segments, and `undefined` where the path has a parameter. */
  segments: (string | undefined)[];
  operations: Operation[];
}

export interface SecurityScheme {
  name: string;
  /** The header it is sent in: `X-App-Key`, `Authorization`. */
  header: string;
  description: string;
}

export interface Catalog {
  endpoints: Endpoint[];
  schemes: Map<string, SecurityScheme>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Follows `$ref`s within the document (a few levels; the document has no cycles that matter here). */
function resolver(document: Json): (value: unknown) => Json {
  return (value) => {
    let current = value;
    for (let depth = 0; depth < 8 && isObject(current) && typeof current.$ref === 'string'; depth++) {
      let target: unknown = document;
      for (const part of current.$ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
      current = target;
    }
    return isObject(current) ? current : {};
  };
}

/** A schema's type as one short phrase; money (a Kobo or AmountIn schema) says "kobo". */
function typeOf(schema: unknown, resolve: (value: unknown) => Json): string {
  const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : '';
  if (/\/(Kobo\w*|AmountIn)$/.test(ref)) return 'integer (kobo)';
  const resolved = resolve(schema);
  if (Array.isArray(resolved.enum)) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in resolved) return JSON.stringify(resolved.const);
  if (Array.isArray(resolved.anyOf) || Array.isArray(resolved.oneOf)) {
    const options = ((resolved.anyOf ?? resolved.oneOf) as unknown[]).map((option) => typeOf(option, resolve));
    return [...new Set(options)].join(' | ');
  }
  if (resolved.type === 'array') return `${typeOf(resolved.items, resolve)}[]`;
  if (typeof resolved.type === 'string') return resolved.format ? `${resolved.type} (${text(resolved.format)})` : resolved.type;
  return 'object';
}

function describe(schema: unknown, resolve: (value: unknown) => Json, own?: unknown): string | undefined {
  return text(own) || text(resolve(schema).description) || undefined;
}

/** A property of an object schema: its schema in each variant that has it. */
interface Property {
  name: string;
  schemas: unknown[];
  required: boolean;
}

/**
 * An object schema's properties; for a `oneOf`/`anyOf` of objects (a transfer's status is one of
 * three), the properties of every variant, each with its schemas, required when all require it.
 */
function propertiesOf(schema: unknown, resolve: (value: unknown) => Json): Property[] {
  const resolved = resolve(schema);
  const variants = isObject(resolved.properties)
    ? [resolved]
    : ((resolved.oneOf ?? resolved.anyOf ?? []) as unknown[])
        .map((variant) => resolve(variant))
        .filter((variant) => isObject(variant.properties));
  const byName = new Map<string, Property>();
  for (const variant of variants) {
    const required = new Set(Array.isArray(variant.required) ? (variant.required as string[]) : []);
    for (const [name, property] of Object.entries(variant.properties as Json)) {
      const known = byName.get(name) ?? { name, schemas: [], required: true };
      known.schemas.push(property);
      known.required &&= required.has(name);
      byName.set(name, known);
    }
  }
  return [...byName.values()].map((entry) => ({ ...entry, required: entry.required && entry.schemas.length === variants.length }));
}

/** A property's field: its type (each variant's, once) and whether it is required. */
function fieldOf({ name, schemas, required }: Property, resolve: (value: unknown) => Json): Field {
  return {
    name,
    type: [...new Set(schemas.map((property) => typeOf(property, resolve)))].join(' | '),
    required,
    description: describe(schemas[0], resolve),
  };
}

function fieldsOf(schema: unknown, resolve: (value: unknown) => Json): Field[] {
  return propertiesOf(schema, resolve).map((property) => fieldOf(property, resolve));
}

/** How deep the answer's fields are listed: `data.user.balance`, `data.transactions[].amount`. */
const ANSWER_DEPTH = 3;

/** The fields of the answer's `data` (its `properties`), each object's (and array of objects') fields below it. */
function answerFields(properties: Property[], resolve: (value: unknown) => Json, prefix = 'data', depth = 1): Field[] {
  const fields: Field[] = [];
  for (const property of properties) {
    const name = `${prefix}.${property.name}`;
    fields.push({ ...fieldOf(property, resolve), name });
    if (depth >= ANSWER_DEPTH) continue;
    const schema = property.schemas[0];
    const nested = propertiesOf(schema, resolve);
    const inner = resolve(schema);
    if (nested.length > 0) fields.push(...answerFields(nested, resolve, name, depth + 1));
    else if (inner.type === 'array' && isObject(resolve(inner.items).properties))
      fields.push(...answerFields(propertiesOf(inner.items, resolve), resolve, `${name}[]`, depth + 1));
  }
  return fields;
}

function parameters(list: unknown, where: string, resolve: (value: unknown) => Json): Field[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((parameter) => resolve(parameter))
    .filter((parameter) => parameter.in === where)
    .map((parameter) => ({
      name: text(parameter.name),
      type: typeOf(parameter.schema, resolve),
      required: parameter.required === true,
      description: describe(parameter.schema, resolve, parameter.description),
    }));
}

function jsonSchema(content: unknown, resolve: (value: unknown) => Json): unknown {
  const body = resolve(content);
  const media = isObject(body.content) ? body.content : {};
  const json = resolve(media['application/json']);
  return json.schema;
}

function operationOf(method: HttpMethod, raw: Json, resolve: (value: unknown) => Json, schemes: Map<string, SecurityScheme>): Operation {
  const responses = isObject(raw.responses) ? raw.responses : {};
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  const answerSchema = success ? jsonSchema(responses[success], resolve) : undefined;
  const data = isObject(resolve(answerSchema).properties) ? (resolve(answerSchema).properties as Json).data : undefined;
  const security = Array.isArray(raw.security) ? (raw.security as unknown[]).filter(isObject).map((entry) => Object.keys(entry)) : [];
  const operation: Operation = {
    method,
    operationId: text(raw.operationId),
    summary: text(raw.summary),
    description: text(raw.description),
    security: security.filter((alternative) => alternative.length > 0),
    pathParams: parameters(raw.parameters, 'path', resolve),
    queryParams: parameters(raw.parameters, 'query', resolve),
    headers: parameters(raw.parameters, 'header', resolve),
    body: raw.requestBody ? fieldsOf(jsonSchema(raw.requestBody, resolve), resolve) : [],
    answer: data ? answerFields(propertiesOf(data, resolve), resolve) : [],
    errors: [],
  };
  const vocabulary: OperationVocabulary = {
    schemes: operation.security.flat().flatMap((name) => [name, schemes.get(name)?.header ?? name]),
    fields: [...operation.pathParams, ...operation.queryParams, ...operation.body].map((field) => field.name),
    hasBody: raw.requestBody !== undefined,
  };
  const errors = errorsOf(responses, resolve, vocabulary);
  // A 5xx of a money-moving call is said in the product's one voice (the document's own words
  // for it are the sandbox's: its provider-error answer moves nothing, a fault's may have).
  const moves = MONEY_COMMANDS[operation.operationId] !== undefined;
  return {
    ...operation,
    errors: errors.map((error) => (moves && /^5/.test(error.status) ? { ...error, description: MONEY_WORDS.fiveXx } : error)),
  };
}

/** The operation answers a bank transfer's statusCode (`000002` is pending): the transfer and its requery. */
export function answersStatusCode(operation: Pick<Operation, 'answer'>): boolean {
  return operation.answer.some((field) => /^data\.transaction\.statusCode$/.test(field.name));
}

/** The operation's errors: each status with the cases of its description that apply to it. */
function errorsOf(responses: Json, resolve: (value: unknown) => Json, vocabulary: OperationVocabulary): Operation['errors'] {
  const applicableError = applicableErrors(vocabulary);
  return Object.keys(responses)
    .filter((status) => !/^2/.test(status))
    .sort()
    .flatMap((status) => {
      const whole = text(resolve(responses[status]).description);
      const description = applicableError(whole);
      return description === undefined ? [] : [{ status, description, sandboxOnly: /^Sandbox only\b/i.test(whole) }];
    });
}

/** The catalog of the document's /v1/ paths (the sandbox's own /__sandbox/ admin paths are not the API). */
export function buildCatalog(document: unknown): Catalog {
  const root = isObject(document) ? document : {};
  const resolve = resolver(root);
  const paths = isObject(root.paths) ? root.paths : {};
  const components = isObject(root.components) ? root.components : {};
  const rawSchemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const schemes = new Map<string, SecurityScheme>();
  for (const [name, scheme] of Object.entries(rawSchemes)) {
    if (!isObject(scheme)) continue;
    const header = scheme.type === 'http' ? 'Authorization' : text(scheme.name);
    schemes.set(name, { name, header, description: text(scheme.description) });
  }
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/v1/') || !isObject(item)) continue;
    const segments = path
      .slice(1)
      .split('/')
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? undefined : segment));
    endpoints.push(
      endpointOf(path, segments, () =>
        HTTP_METHODS.filter((method) => isObject(item[method.toLowerCase()])).map((method) =>
          operationOf(method, item[method.toLowerCase()] as Json, resolve, schemes),
        ),
      ),
    );
  }
  return { endpoints, schemes };
}

/**
 * An endpoint whose operations are read from the document when first asked: a hover needs one
 * endpoint's, a check those of the paths its file names (most of the cost of the first hover
 * was every endpoint's fields and errors).
 */
function endpointOf(path: string, segments: Endpoint['segments'], read: () => Operation[]): Endpoint {
  let operations: Operation[] | undefined;
  return {
    path,
    segments,
    get operations() {
      return (operations ??= read());
    },
  };
}
