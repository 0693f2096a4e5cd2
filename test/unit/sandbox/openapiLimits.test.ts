import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { FaultListSchema, FaultSchema, KnobsSchema } from '../../../src/sandbox/domain/inputs';

// The admin half of the OpenAPI document (src/sandbox/vocabulary/openapi.json) is written by hand, and it
// restates the limits of a fault and of the knobs. Until it is made from domain/inputs.ts, this
// holds its numbers to that one definition (issue 52: four sets of numbers for the same fault).

const SOURCE = path.join(__dirname, '..', '..', '..', '..', 'src', 'sandbox', 'vocabulary', 'openapi.json');

type JsonSchema = { properties?: Record<string, JsonSchema>; readOnly?: boolean } & Record<string, unknown>;

const LIMIT_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];

/** The keywords of a schema that carry a limit. */
const limits = (schema: JsonSchema | undefined) =>
  Object.fromEntries(LIMIT_KEYWORDS.filter((keyword) => schema?.[keyword] !== undefined).map((keyword) => [keyword, schema?.[keyword]]));

function component(name: string): JsonSchema {
  const document = JSON.parse(readFileSync(SOURCE, 'utf8')) as { components: { schemas: Record<string, JsonSchema> } };
  const schema = document.components.schemas[name];
  assert.ok(schema, `components.schemas.${name}`);
  return schema;
}

const asJson = (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'throw' }) as JsonSchema;

/** Each field the document has (but read-only ones, which no request sends) with the limits the schema gives it. */
function assertSameLimits(name: string, documented: JsonSchema, defined: JsonSchema): void {
  const fields = Object.entries(documented.properties ?? {}).filter(([, schema]) => !schema.readOnly);
  assert.deepEqual(fields.map(([field]) => field).sort(), Object.keys(defined.properties ?? {}).sort(), `${name}: the same fields`);
  for (const [field, schema] of fields) {
    assert.deepEqual(limits(schema), limits(defined.properties?.[field]), `${name}.${field}: the limits of domain/inputs.ts`);
  }
}

describe('sandbox: the OpenAPI document states the limits of a fault and the knobs as domain/inputs.ts does', () => {
  it('Fault (POST /__sandbox/faults, and each fault of the knobs)', () => {
    assertSameLimits('Fault', component('Fault'), asJson(FaultSchema));
  });

  it('KnobsUpdate (PATCH /__sandbox/knobs)', () => {
    assertSameLimits('KnobsUpdate', component('KnobsUpdate'), asJson(KnobsSchema));
  });

  it('Knobs (GET /__sandbox/knobs): the knobs and the most faults a world holds', () => {
    assertSameLimits('Knobs', component('Knobs'), asJson(v.strictObject({ ...KnobsSchema.entries, faults: FaultListSchema })));
  });
});
