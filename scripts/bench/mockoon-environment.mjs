// The Mockoon environment the spawn group starts the Mockoon CLI on: every operation of the
// sandbox's OpenAPI document (src/sandbox/vocabulary/openapi.json), each answering its documented 2xx status
// with the document's example, or the success envelope where it has none. Written afresh for each
// run into a temporary folder, so it always matches the document and nothing is kept in the repository.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mockoon from '@mockoon/commons';

const DOCUMENT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'sandbox', 'vocabulary', 'openapi.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The document's operations, in its order. */
function documentOperations() {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  return Object.entries(document.paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, route, operation: item[method] })),
  );
}

/** A stable id (Mockoon wants one per route and response). */
function uuid(text) {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function answer(operation) {
  const status = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code)) ?? '200';
  const content = operation.responses[status]?.content?.['application/json'];
  const example = content?.example ?? (content?.examples ? Object.values(content.examples)[0]?.value : undefined);
  return { status: Number(status), body: JSON.stringify(example ?? { success: true, data: {} }) };
}

/** Writes the environment to `file`; returns how many routes it serves. */
export function writeEnvironment(file) {
  const environment = {
    ...mockoon.BuildEnvironment({ hasDefaultRoute: false, hasContentTypeHeader: true, hasCorsHeaders: false, port: 3000 }),
    uuid: uuid('wallet-sandbox environment'),
    name: 'Wallet API (the sandbox OpenAPI document)',
    hostname: '127.0.0.1',
  };
  for (const { method, route, operation } of documentOperations()) {
    const { status, body } = answer(operation);
    // Mockoon's route syntax: `/v1/transactions/{transactionRef}` is `v1/transactions/:transactionRef`.
    const built = mockoon.BuildHTTPRoute(true, { endpoint: route.slice(1).replace(/\{(\w+)\}/g, ':$1'), body });
    const routeUuid = uuid(`${method} ${route}`);
    environment.routes.push({
      ...built,
      uuid: routeUuid,
      method,
      responses: built.responses.map((response) => ({ ...response, uuid: uuid(`${method} ${route} ${status}`), statusCode: status })),
    });
    environment.rootChildren.push({ type: 'route', uuid: routeUuid });
  }
  writeFileSync(file, JSON.stringify(environment));
  return environment.routes.length;
}
