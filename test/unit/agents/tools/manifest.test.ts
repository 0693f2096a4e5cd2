// package.json contributes.languageModelTools is the shared tool definition, written out by
// `npm run tools:manifest`: this fails when someone edits one without the other.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TOOLS } from '../../../../src/agents/tools/definitions';
import { languageModelTools, languageModelToolStrings } from '../../../../src/agents/tools/manifest';

const REPO = path.resolve(__dirname, '../../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO, file), 'utf8'));

describe('Agent tools: one definition', () => {
  it('package.json contributes exactly the shared definition (run npm run tools:manifest after changing it)', () => {
    assert.deepEqual(readJson('package.json').contributes.languageModelTools, languageModelTools());
  });

  it("package.nls.json has each tool's words", () => {
    const nls = readJson('package.nls.json');
    for (const [key, text] of Object.entries(languageModelToolStrings())) assert.equal(nls[key], text, key);
  });

  it('names are unique and valid for VS Code and MCP; every field is described', () => {
    const names = TOOLS.map((tool) => tool.name);
    assert.equal(new Set(names).size, names.length);
    for (const tool of languageModelTools()) {
      assert.match(tool.name, /^[a-z][a-z0-9_]{2,63}$/);
      assert.ok(tool.modelDescription.length > 40, `${tool.name} explains itself to the model`);
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) assert.ok(schema.description, `${tool.name}.${field} has a description`);
    }
  });

  it('every action says it is for the local sandbox only', () => {
    for (const tool of TOOLS.filter((candidate) => candidate.action))
      assert.match(tool.modelDescription, /^Local sandbox only:/, tool.name);
    assert.deepEqual(
      TOOLS.filter((tool) => !tool.action).map((tool) => /Read-only\.$/.test(tool.modelDescription)),
      TOOLS.filter((tool) => !tool.action).map(() => true),
    );
  });

  it('npm run tools:manifest on current files changes not a byte (it moved every tool string to the end once)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tools-manifest-'));
    try {
      for (const file of ['package.json', 'package.nls.json']) copyFileSync(path.join(REPO, file), path.join(dir, file));
      execFileSync(process.execPath, [path.join(REPO, 'scripts/tools/manifest.mjs')], { cwd: dir, stdio: 'pipe' });
      for (const file of ['package.json', 'package.nls.json'])
        assert.equal(readFileSync(path.join(dir, file), 'utf8'), readFileSync(path.join(REPO, file), 'utf8'), file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
