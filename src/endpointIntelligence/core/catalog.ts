// The API's endpoints as the editor features read them, built once from the OpenAPI document
// (src/sandbox/openapi.json): each path of /v1/ with its methods, what they need and answer.
// Plain TypeScript: no vscode, so the unit tests and the bench run it in Node.

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
  /** The `data` of the success answer, one level deep. */
  answer: Field[];
  /** Status (`400`, `4XX`) and what it means, error codes included. */
  errors: { status: string; description: string }[];
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
  if (/\/(Kobo|AmountIn)$/.test(ref)) return 'integer (kobo)';
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

function fieldsOf(schema: unknown, resolve: (value: unknown) => Json): Field[] {
  const resolved = resolve(schema);
  if (!isObject(resolved.properties)) return [];
  const required = new Set(Array.isArray(resolved.required) ? (resolved.required as string[]) : []);
  return Object.entries(resolved.properties).map(([name, property]) => ({
    name,
    type: typeOf(property, resolve),
    required: required.has(name),
    description: describe(property, resolve),
  }));
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

function operationOf(method: HttpMethod, raw: Json, resolve: (value: unknown) => Json): Operation {
  const responses = isObject(raw.responses) ? raw.responses : {};
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  const answerSchema = success ? jsonSchema(responses[success], resolve) : undefined;
  const data = isObject(resolve(answerSchema).properties) ? (resolve(answerSchema).properties as Json).data : undefined;
  const security = Array.isArray(raw.security) ? (raw.security as unknown[]).filter(isObject).map((entry) => Object.keys(entry)) : [];
  return {
    method,
    operationId: text(raw.operationId),
    summary: text(raw.summary),
    description: text(raw.description),
    security: security.filter((alternative) => alternative.length > 0),
    pathParams: parameters(raw.parameters, 'path', resolve),
    queryParams: parameters(raw.parameters, 'query', resolve),
    headers: parameters(raw.parameters, 'header', resolve),
    body: raw.requestBody ? fieldsOf(jsonSchema(raw.requestBody, resolve), resolve) : [],
    answer: data ? fieldsOf(data, resolve) : [],
    errors: Object.keys(responses)
      .filter((status) => !/^2/.test(status))
      .sort()
      .map((status) => ({ status, description: text(resolve(responses[status]).description) })),
  };
}

/** The catalog of the document's /v1/ paths (the sandbox's own /__sandbox/ admin paths are not the API). */
export function buildCatalog(document: unknown): Catalog {
  const root = isObject(document) ? document : {};
  const resolve = resolver(root);
  const paths = isObject(root.paths) ? root.paths : {};
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/v1/') || !isObject(item)) continue;
    const operations = HTTP_METHODS.filter((method) => isObject(item[method.toLowerCase()])).map((method) =>
      operationOf(method, item[method.toLowerCase()] as Json, resolve),
    );
    const segments = path
      .slice(1)
      .split('/')
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? undefined : segment));
    endpoints.push({ path, segments, operations });
  }
  const components = isObject(root.components) ? root.components : {};
  const rawSchemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const schemes = new Map<string, SecurityScheme>();
  for (const [name, scheme] of Object.entries(rawSchemes)) {
    if (!isObject(scheme)) continue;
    const header = scheme.type === 'http' ? 'Authorization' : text(scheme.name);
    schemes.set(name, { name, header, description: text(scheme.description) });
  }
  return { endpoints, schemes };
}
