import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { COMMANDS } from '../../../src/common/commandIds';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[] };
};

describe('common: command ids', () => {
  it('names exactly the commands package.json contributes', () => {
    const contributed = manifest.contributes.commands.map((entry) => entry.command).sort();
    assert.deepEqual(Object.values(COMMANDS).sort(), contributed);
  });
});
