#!/usr/bin/env node
// Writes scripts/bench/mockoon-environment.json: a Mockoon environment with every operation of
// the sandbox's OpenAPI document (src/sandbox/openapi.json), each answering its documented 2xx
// status with the document's example, or the success envelope where it has none. The spawn
// benchmark (spawn.mjs) starts the Mockoon CLI on it. Run again when the document gains a route:
//
//   node scripts/bench/mockoon-environment.mjs
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mockoon from '@mockoon/commons';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ENVIRONMENT = path.join(here, 'mockoon-environment.json');
const DOCUMENT = path.join(here, '..', '..', 'src', 'sandbox', 'openapi.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The document's operations as `METHOD /path`, in its order. */
export function documentOperations() {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  return Object.entries(document.paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, route, operation: item[method] })),
  );
}

/** The document's operations the written environment does not serve, as `METHOD /path` (none when it is current). */
export function missingOperations() {
  const environment = JSON.parse(readFileSync(ENVIRONMENT, 'utf8'));
  const served = new Set(environment.routes.map((route) => `${route.method} ${route.endpoint}`));
  return documentOperations()
    .filter(({ method, route }) => !served.has(`${method} ${mockoonEndpoint(route)}`))
    .map(({ method, route }) => `${method.toUpperCase()} ${route}`);
}

/** Mockoon's route syntax: `/v1/transactions/{transactionRef}` is `v1/transactions/:transactionRef`. */
export function mockoonEndpoint(route) {
  return route.slice(1).replace(/\{(\w+)\}/g, ':$1');
}

/** A stable id, so the file only changes when the document does. */
function uuid(text) {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function answer(operation) {
  const status = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code)) ?? '200';
  const content = operation.responses[status]?.content?.['application/json'];
  const example = content?.example ?? (content?.examples ? Object.values(content.examples)[0]?.value : undefined);
  return { status: Number(status), body: JSON.stringify(example ?? { success: true, data: {} }, null, 2) };
}

function build() {
  const environment = {
    ...mockoon.BuildEnvironment({ hasDefaultRoute: false, hasContentTypeHeader: true, hasCorsHeaders: false, port: 3000 }),
    uuid: uuid('wallet-sandbox environment'),
    name: 'Wallet API (the sandbox OpenAPI document)',
    hostname: '127.0.0.1',
  };
  for (const { method, route, operation } of documentOperations()) {
    const { status, body } = answer(operation);
    const built = mockoon.BuildHTTPRoute(true, { endpoint: mockoonEndpoint(route), body });
    const routeUuid = uuid(`${method} ${route}`);
    environment.routes.push({
      ...built,
      uuid: routeUuid,
      method,
      documentation: operation.summary ?? '',
      responses: built.responses.map((response) => ({ ...response, uuid: uuid(`${method} ${route} ${status}`), statusCode: status })),
    });
    environment.rootChildren.push({ type: 'route', uuid: routeUuid });
  }
  return environment;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const environment = build();
  writeFileSync(ENVIRONMENT, `${JSON.stringify(environment, null, 2)}\n`);
  console.log(`${path.relative(process.cwd(), ENVIRONMENT)}: ${environment.routes.length} routes.`);
}
