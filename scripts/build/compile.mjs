// `npm run test:unit`'s compile: src/ and test/ into out/ with `tsc -p .`, from an empty out/
// (compileTypeScript), so a test whose source was moved or deleted does not run from a stale copy.
// With --strict (npm test: the type check too) a type error fails it.
import { compileTypeScript, failAndExit } from '../host/util.mjs';

compileTypeScript('the unit tests run', { strict: process.argv.includes('--strict') }).catch(failAndExit);
