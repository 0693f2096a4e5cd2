// `npm run tools:manifest`: writes package.json contributes.languageModelTools and their words in
// package.nls.json from the shared tool definition (src/agents/tools), after `tsc -p .` built out/.
// test/unit/tools/manifest.test.ts fails when they are not current.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { languageModelTools, languageModelToolStrings } = require('../../out/src/agents/tools/manifest.js');

const update = (file, change) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
};

update('package.json', (json) => {
  json.contributes.languageModelTools = languageModelTools();
});
// The tools' strings where they are, gone ones dropped and new ones added at the end: a run on
// current files changes nothing (it used to move every tool string to the end of the file).
update('package.nls.json', (json) => {
  const strings = languageModelToolStrings();
  const current = Object.entries(json).flatMap(([key, value]) => {
    if (!key.startsWith('languageModelTool.')) return [[key, value]];
    return key in strings ? [[key, strings[key]]] : [];
  });
  const added = Object.entries(strings).filter(([key]) => !(key in json));
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, Object.fromEntries([...current, ...added]));
});
console.log('package.json languageModelTools and package.nls.json are current.');
