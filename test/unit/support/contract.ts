// Holds every answer a test sandbox sends against the OpenAPI document (src/sandbox/vocabulary/openapi.json),
// so the document cannot drift from the sandbox. Response schemas are compiled with Ajv (JSON
// Schema 2020-12, the dialect of OpenAPI 3.1). Mismatches are collected here and turned into test
// failures by the root hooks in contractHooks.ts.

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { startSandbox, type Sandbox, type SandboxExchange, type SandboxOptions } from '../../../src/sandbox';
import openApiDocument from '../../../src/sandbox/vocabulary/openapi.json';

interface MediaType {
  schema?: unknown;
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  responses: Record<string, Response>;
}
type PathItem = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DOCUMENT_ID = 'openapi.json';

export const document = openApiDocument as unknown as {
  paths: Record<string, PathItem>;
  components: { responses: Record<string, Response> };
};

interface Route {
  template: string;
  pattern: RegExp;
  item: PathItem;
}

/** Concrete paths first: OpenAPI matches /__sandbox/events/test before /__sandbox/events/{id}. */
const routes: Route[] = Object.entries(document.paths)
  .map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));

export function operations(): { method: string; template: string; operation: Operation }[] {
  return routes.flatMap(({ template, item }) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      template,
      operation: item[method] as Operation,
    })),
  );
}

/** The path items a request path falls in (one trailing slash is ignored, as the API does). */
function routesFor(path: string): Route[] {
  const found = routes.filter((route) => route.pattern.test(path));
  if (found.length > 0 || !path.endsWith('/') || path === '/') return found;
  const trimmed = path.slice(0, -1);
  return routes.filter((route) => route.pattern.test(trimmed)); // only one slash is ignored
}

const escapePointer = (part: string): string => part.replace(/~/g, '~0').replace(/\//g, '~1');

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
// The document's top-level fields are not schema keywords; the schemas inside are compiled through $refs.
ajv.addVocabulary(Object.keys(openApiDocument));
ajv.addSchema(openApiDocument as object, DOCUMENT_ID);
const validators = new Map<string, ValidateFunction>();

/** The compiled schema at a JSON pointer of the document. */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** The schema of the JSON answer `response` documents, as a pointer (following a components $ref). */
function jsonSchemaPointer(response: Response, pointer: string): string | undefined {
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    return jsonSchemaPointer(document.components.responses[name] ?? {}, `/components/responses/${escapePointer(name)}`);
  }
  return response.content?.['application/json']?.schema ? `${pointer}/content/application~1json/schema` : undefined;
}

const ERROR_SCHEMA = '/components/schemas/Error';

function parse(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

function schemaProblem(pointer: string, body: string): string | undefined {
  const parsed = parse(body);
  if (!parsed.ok) {
    return `the body is not JSON: ${body.slice(0, 120)}`;
  }
  const validate = validatorAt(pointer);
  if (validate(parsed.value)) {
    return undefined;
  }
  const where = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
    .join('; ');
  return `the body does not match ${pointer}: ${where} (body ${body.slice(0, 300)})`;
}

/** An answer header by name, whatever case the sandbox wrote it in ('' when absent). */
function headerOf(exchange: SandboxExchange, name: string): string {
  const found = Object.keys(exchange.headers).find((written) => written.toLowerCase() === name);
  return found === undefined ? '' : String(exchange.headers[found]);
}

/** Why an answer breaks the document, or undefined when it keeps to it. */
export function contractProblem(exchange: SandboxExchange): string | undefined {
  const { method, path, status } = exchange;
  const { body } = exchange;
  const contentType = headerOf(exchange, 'content-type');
  if (!contentType.startsWith('application/json')) {
    return `Content-Type is "${contentType}", not application/json`;
  }
  const found = routesFor(path);
  if (found.length === 0) {
    // Not a documented path: the API answers 404 (400 for a target that is not a path, 403 for a foreign Host).
    return status === 404 || status === 400 || status === 403
      ? schemaProblem(ERROR_SCHEMA, body)
      : `status ${status} for a path the document does not have`;
  }
  const route = found.find((candidate) => candidate.item[method.toLowerCase()]);
  if (!route) {
    const documented = [...new Set(found.flatMap((candidate) => METHODS.filter((m) => candidate.item[m]).map((m) => m.toUpperCase())))];
    const allowed = headerOf(exchange, 'allow').split(/,\s*/).filter(Boolean);
    if (status !== 405) {
      return `status ${status} for ${method}, which ${found[0]?.template} does not document (expected 405)`;
    }
    if ([...allowed].sort().join() !== [...documented].sort().join()) {
      return `Allow: ${allowed.join(', ')} but the document has ${documented.join(', ')} for ${found[0]?.template}`;
    }
    return schemaProblem(ERROR_SCHEMA, body);
  }
  const operation = route.item[method.toLowerCase()] as Operation;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
  if (!key) {
    return `status ${status} is not documented for ${method} ${route.template} (documented: ${Object.keys(operation.responses).join(', ')})`;
  }
  const pointer = jsonSchemaPointer(
    operation.responses[key] as Response,
    `/paths/${escapePointer(route.template)}/${method.toLowerCase()}/responses/${escapePointer(key)}`,
  );
  return pointer === undefined ? `${method} ${route.template} ${key} documents no JSON body` : schemaProblem(pointer, body);
}

interface HeaderParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { type?: string };
}

const WEBHOOK = '/webhooks/transferCompleted/post';

/**
 * Why a webhook delivery the sandbox POSTed breaks the document's `webhooks` entry (its headers
 * and body), or undefined. For tests with a receiver: `webhookProblem(req.headers, text)`.
 */
export function webhookProblem(headers: Record<string, string | string[] | undefined>, body: string): string | undefined {
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) {
    return `Content-Type is "${contentType}", not application/json`;
  }
  const webhook = (openApiDocument as unknown as { webhooks: { transferCompleted: { post: { parameters: HeaderParameter[] } } } }).webhooks
    .transferCompleted.post;
  for (const parameter of webhook.parameters.filter((candidate) => candidate.in === 'header')) {
    const raw = headers[parameter.name.toLowerCase()];
    if (raw === undefined) {
      if (parameter.required) {
        return `the ${parameter.name} header is missing`;
      }
      continue;
    }
    const value = parameter.schema.type === 'integer' && /^\d+$/.test(String(raw)) ? Number(raw) : raw;
    const validate = validatorAt(`${WEBHOOK}/parameters/${webhook.parameters.indexOf(parameter)}/schema`);
    if (!validate(value)) {
      return `${parameter.name}: ${String(raw)} ${validate.errors?.[0]?.message ?? ''}`;
    }
  }
  return schemaProblem(`${WEBHOOK}/requestBody/content/application~1json/schema`, body);
}

/** What the checker saw: mismatches (to fail tests with) and which operations were exercised. */
export const contractLog = {
  mismatches: [] as string[],
  checked: 0,
  faulted: 0,
  exercised: new Set<string>(),
};

/** The observer a test sandbox installs (SandboxOptions.onExchange). */
export function checkAgainstContract(exchange: SandboxExchange): void {
  // A dropped connection (status 0) has no answer to check.
  if (headerOf(exchange, 'x-sandbox-fault') !== '' || exchange.status === 0) {
    contractLog.faulted++; // whatever the fault said: not the API's answer
    return;
  }
  // A browser's CORS preflight is the sandbox's own answer (docs/sandbox.md, "Browser apps"), not an operation's.
  if (exchange.method === 'OPTIONS' && exchange.status === 204 && headerOf(exchange, 'access-control-allow-origin') !== '') {
    return;
  }
  contractLog.checked++;
  const route = routesFor(exchange.path).find((candidate) => candidate.item[exchange.method.toLowerCase()]);
  if (route) {
    contractLog.exercised.add(`${exchange.method} ${route.template}`);
  }
  let problem: string | undefined;
  try {
    problem = contractProblem(exchange);
  } catch (error) {
    problem = `the checker failed: ${(error as Error).message}`;
  }
  if (problem) {
    contractLog.mismatches.push(`${exchange.method} ${exchange.path} -> ${exchange.status}: ${problem}`);
  }
}

/** startSandbox with the contract checker installed: what every unit test uses. */
export function startCheckedSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ ...options, onExchange: checkAgainstContract });
}
