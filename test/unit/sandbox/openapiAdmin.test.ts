import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { FAULT_LENGTHS, FAULT_LIMITS, KNOB_LIMITS, MAX_FAULTS } from '../../../src/sandbox/domain/inputs';
import { adminHalf, documentedRoutes, withAdminHalf, type OpenApiDocument } from '../../../src/sandbox/http/admin/openapiAdmin';
import { documentedAs, operation } from '../../../src/sandbox/worlds/operation';
import { OPERATIONS } from '../../../src/sandbox/worlds/operations';

// The admin half of the OpenAPI document (every /__sandbox/* path and the components only they
// name) is generated from the admin routes' definitions: the operations' table, their input
// schemas (domain/inputs.ts, worlds/input.ts) and the answers' shapes (worlds/answers.ts). The
// committed file must be what the generator makes, so CI fails when a route changed and
// `npm run openapi:admin` was not run (issue 52: the hand-written half had drifted from the
// sandbox's limits).

const SOURCE = path.join(__dirname, '..', '..', '..', '..', 'src', 'sandbox', 'vocabulary', 'openapi.json');
const committed = (): OpenApiDocument => JSON.parse(readFileSync(SOURCE, 'utf8')) as OpenApiDocument;

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

function component(document: OpenApiDocument, name: string): Schema {
  const schema = document.components['schemas']?.[name] as Schema | undefined;
  assert.ok(schema, `components.schemas.${name}`);
  return schema;
}

describe('sandbox: the admin half of openapi.json is generated', () => {
  it('the committed document is what `npm run openapi:admin` makes (run it after changing an admin route)', () => {
    const document = committed();
    assert.deepEqual(document, withAdminHalf(document), 'src/sandbox/vocabulary/openapi.json is stale: run npm run openapi:admin');
  });

  it('documents every admin route the sandbox adds, once, with an operationId of its own', () => {
    const { paths } = adminHalf();
    const documented = Object.entries(paths).flatMap(([template, item]) => Object.keys(item).map((method) => `${method} ${template}`));
    const routes = documentedRoutes().map(({ route }) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    assert.deepEqual([...new Set(routes)].sort(), documented.sort());
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op['operationId']));
    assert.equal(new Set(ids).size, ids.length);
  });

  it('states the limits of domain/inputs.ts: a fault, the knobs, the most faults a world holds', () => {
    const document = committed();
    const fault = component(document, 'Fault').properties!;
    assert.deepEqual([fault['delayMs']?.['minimum'], fault['delayMs']?.['maximum']], [...FAULT_LIMITS.delayMs]);
    assert.deepEqual([fault['times']?.['minimum'], fault['times']?.['maximum']], [...FAULT_LIMITS.times]);
    assert.equal(fault['body']?.['maxLength'], FAULT_LENGTHS.body);
    const knobs = component(document, 'Knobs').properties!;
    assert.equal(knobs['tokenLifetimeSeconds']?.['maximum'], KNOB_LIMITS.tokenLifetimeSeconds[1]);
    assert.equal(knobs['faults']?.['maxItems'], MAX_FAULTS);
    assert.deepEqual(component(document, 'KnobsUpdate').properties?.['latencyMs']?.['maximum'], KNOB_LIMITS.latencyMs[1]);
  });

  it('a new control is its table entry only: its route, parameters, body and answer come out of it', () => {
    // What an engineer adds to worlds/operations.ts; the generator is all they run.
    const added = operation({
      route: { method: 'POST', path: '/__sandbox/webhooks/:id/pause', query: ['minutes'], body: true },
      accepts: v.strictObject({
        id: v.string(),
        minutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60), v.description('How long'))),
        reason: v.pipe(v.string(), v.maxLength(100)),
      }),
      doc: { id: 'pauseWebhooks', summary: 'Pauses deliveries', body: 'PauseRequest', answer: { type: 'object' } },
      run: () => ({}),
    });
    const table = OPERATIONS as Record<string, unknown>;
    table['pauseWebhooks'] = added;
    try {
      const { paths, schemas } = adminHalf();
      const op = paths['/__sandbox/webhooks/{id}/pause']?.['post'] as Record<string, unknown>;
      assert.equal(op['operationId'], 'pauseWebhooks');
      assert.deepEqual(op['parameters'], [
        { name: 'minutes', in: 'query', required: false, description: 'How long', schema: { type: 'integer', minimum: 1, maximum: 60 } },
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      ]);
      assert.deepEqual(schemas['PauseRequest'], {
        type: 'object',
        properties: { reason: { type: 'string', maxLength: 100 } },
        required: ['reason'],
        additionalProperties: false,
      });
      assert.ok((op['responses'] as Record<string, unknown>)['415'], 'a body the sandbox cannot read is documented');
    } finally {
      delete table['pauseWebhooks'];
    }
  });

  it('refuses a schema with no JSON Schema (a check or a Node-only value) unless it says what to show', () => {
    const table = OPERATIONS as Record<string, unknown>;
    const made = (accepts: v.GenericSchema) =>
      operation({
        route: { method: 'GET', path: '/__sandbox/probe', query: ['at'] },
        accepts,
        doc: { id: 'probe', summary: 'Probe', answer: {} },
        run: () => ({}),
      });
    try {
      table['probe'] = made(v.strictObject({ at: v.optional(v.date()) }));
      assert.throws(() => adminHalf(), /GET \/__sandbox\/probe at: a schema with no JSON Schema; end its pipe with documentedAs/);
      table['probe'] = made(v.strictObject({ at: v.optional(v.pipe(v.date(), documentedAs({ type: 'string', format: 'date-time' }))) }));
      const op = adminHalf().paths['/__sandbox/probe']?.['get'] as { parameters: { schema: unknown }[] };
      assert.deepEqual(op.parameters[0]?.schema, { type: 'string', format: 'date-time' });
    } finally {
      delete table['probe'];
    }
  });

  it('keeps the hand-written API half as it is and drops the components nothing names any more', () => {
    const document = committed();
    const stale = structuredClone(document);
    stale.components['schemas']!['OldAdminAnswer'] = { type: 'object' };
    stale.paths['/__sandbox/gone'] = { get: { responses: { 200: { $ref: '#/components/schemas/OldAdminAnswer' } } } };
    const made = withAdminHalf(stale);
    assert.equal(made.paths['/__sandbox/gone'], undefined);
    assert.equal(made.components['schemas']!['OldAdminAnswer'], undefined);
    for (const [template, item] of Object.entries(document.paths)) {
      if (!template.startsWith('/__sandbox/')) assert.deepEqual(made.paths[template], item, template);
    }
  });
});
