// `npm run scenario:schema`: writes src/sandbox/scenario/scenario.schema.json from the scenario
// format (src/sandbox/scenario/format.ts), after `tsc -p .` built out/.
// test/unit/sandbox/scenario.test.ts fails when it is not current.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { scenarioJsonSchema } = require('../../out/src/sandbox/scenario/format.js');

writeFileSync('src/sandbox/scenario/scenario.schema.json', `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
console.log('src/sandbox/scenario/scenario.schema.json is current.');
