import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { atConfigurationsItem, commasAround, launchSnippetText } from '../../../src/terminals/launchJson';
import {
  asWalletLaunch,
  isWalletLaunch,
  isWindowSandboxTask,
  walletLaunchConfiguration,
  withSandboxEnvironment,
} from '../../../src/terminals/launchRules';
import { sandboxVariables, settingsFormats, settingsText } from '../../../src/terminals/sandboxVariables';

const URL = 'http://127.0.0.1:4011';

describe('terminals: the variables an app gets for the local sandbox', () => {
  it('gives the address as both base URLs, and no secret unless given one', () => {
    assert.deepEqual(sandboxVariables(URL), { WALLET_BASE_URL: URL, WALLET_DEVELOPER_URL: URL });
  });

  it('adds the app key and the wallet token when given', () => {
    assert.deepEqual(sandboxVariables(URL, { appKey: 'sk_test_k', accessToken: 'eyJ.t' }), {
      WALLET_BASE_URL: URL,
      WALLET_DEVELOPER_URL: URL,
      WALLET_APP_KEY: 'sk_test_k',
      WALLET_ACCESS_TOKEN: 'eyJ.t',
    });
  });

  it('adds the wallet’s refresh token when given, with the app key (a handler renews its token with both)', () => {
    assert.deepEqual(sandboxVariables(URL, { appKey: 'sk_test_k', accessToken: 'eyJ.t', refreshToken: 'r1' }), {
      WALLET_BASE_URL: URL,
      WALLET_DEVELOPER_URL: URL,
      WALLET_APP_KEY: 'sk_test_k',
      WALLET_ACCESS_TOKEN: 'eyJ.t',
      WALLET_REFRESH_TOKEN: 'r1',
    });
  });

  it('leaves out wallet tokens without an app key (every wallet call needs both)', () => {
    assert.deepEqual(sandboxVariables(URL, { accessToken: 'eyJ.t', refreshToken: 'r1' }), {
      WALLET_BASE_URL: URL,
      WALLET_DEVELOPER_URL: URL,
    });
  });

  it('writes them as .env lines, address first', () => {
    assert.equal(
      settingsText(sandboxVariables(URL, { appKey: 'k', accessToken: 't' }), 'dotenv'),
      `WALLET_BASE_URL=${URL}\nWALLET_DEVELOPER_URL=${URL}\nWALLET_APP_KEY=k\nWALLET_ACCESS_TOKEN=t\n`,
    );
  });

  it('writes them as export lines a shell passes on to node (issue 55: dotenv lines reached curl, not node)', () => {
    const text = settingsText(sandboxVariables(URL, { appKey: "sk_test_it's", accessToken: 'eyJ.t' }), 'shell');
    assert.equal(
      text,
      `export WALLET_BASE_URL='${URL}'\nexport WALLET_DEVELOPER_URL='${URL}'\nexport WALLET_APP_KEY='sk_test_it'\\''s'\nexport WALLET_ACCESS_TOKEN='eyJ.t'\n`,
    );
    // Pasted into a shell, then a program started from it: node reads every one, the quote too.
    const script = `${text}${process.execPath} -e 'for (const name of ["WALLET_BASE_URL", "WALLET_APP_KEY", "WALLET_ACCESS_TOKEN"]) console.log(process.env[name])'`;
    const run = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.equal(run.stdout, `${URL}\nsk_test_it's\neyJ.t\n`, run.stderr);
    const dotenv = settingsText(sandboxVariables(URL, { appKey: 'k' }), 'dotenv');
    const unexported = spawnSync(
      '/bin/sh',
      ['-c', `${dotenv}${process.execPath} -e 'console.log(process.env.WALLET_APP_KEY ?? "unset")'`],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      },
    );
    assert.equal(unexported.stdout, 'unset\n', 'the .env lines pasted into a shell set shell variables only: why export is offered');
  });

  it('writes them as PowerShell $env: lines, and offers the platform’s own terminal format first', () => {
    assert.equal(
      settingsText(sandboxVariables(URL, { appKey: "it's" }), 'powershell'),
      `$env:WALLET_BASE_URL = '${URL}'\n$env:WALLET_DEVELOPER_URL = '${URL}'\n$env:WALLET_APP_KEY = 'it''s'\n`,
    );
    assert.deepEqual(settingsFormats('linux'), ['shell', 'dotenv', 'powershell']);
    assert.deepEqual(settingsFormats('darwin')[0], 'shell');
    assert.deepEqual(settingsFormats('win32'), ['powershell', 'shell', 'dotenv']);
  });
});

describe('terminals: the launch configuration against the window’s sandbox', () => {
  const offered = walletLaunchConfiguration('Wallet Console: Launch Node app against the wallet sandbox');

  it('is a marked Node launch of the file in the editor, with no preLaunchTask and no fixed address', () => {
    assert.deepEqual(offered, {
      type: 'node',
      request: 'launch',
      name: 'Wallet Console: Launch Node app against the wallet sandbox',
      program: '${file}',
      walletSandbox: true,
    });
    assert.equal(isWalletLaunch(offered), true);
  });

  it('touches only marked Node launches (js-debug’s pwa-node too), never an attach or another configuration', () => {
    assert.equal(isWalletLaunch({ ...offered, type: 'pwa-node' }), true);
    assert.equal(isWalletLaunch({ ...offered, request: 'attach' }), false);
    assert.equal(isWalletLaunch({ ...offered, type: 'python' }), false);
    assert.equal(isWalletLaunch({ type: 'node', request: 'launch', name: 'app' }), false);
    assert.equal(isWalletLaunch({ ...offered, walletSandbox: 'yes' }), false);
  });

  it('adds the variables to env, where a variable the configuration sets itself wins', () => {
    const config = { ...offered, env: { WALLET_APP_KEY: 'mine', PORT: '3000' } };
    const resolved = withSandboxEnvironment(config, { WALLET_BASE_URL: URL, WALLET_DEVELOPER_URL: URL, WALLET_APP_KEY: 'sk_test_k' });
    assert.deepEqual(resolved.env, { WALLET_BASE_URL: URL, WALLET_DEVELOPER_URL: URL, WALLET_APP_KEY: 'mine', PORT: '3000' });
    assert.deepEqual(withSandboxEnvironment(offered, { WALLET_BASE_URL: URL, WALLET_APP_KEY: undefined }).env, { WALLET_BASE_URL: URL });
    assert.equal('env' in offered, false, 'the offered configuration is not changed');
  });

  it('a configuration of the wallet-sandbox type (or an empty one, as F5 gives) becomes the marked Node launch, keeping what it sets', () => {
    const name = offered.name;
    assert.deepEqual(asWalletLaunch({}, name), offered);
    assert.deepEqual(
      asWalletLaunch({ type: 'wallet-sandbox', request: 'launch', name: 'shop', program: 'server.js', env: { PORT: '1' } }, name),
      {
        type: 'node',
        request: 'launch',
        name: 'shop',
        program: 'server.js',
        env: { PORT: '1' },
        walletSandbox: true,
      },
    );
    const other = { type: 'python', request: 'launch', name: 'py' };
    assert.equal(asWalletLaunch(other, name), other, 'another type passes untouched');
  });

  it('the task is the window’s sandbox unless it names a port or a scenario', () => {
    assert.equal(isWindowSandboxTask({}), true);
    assert.equal(isWindowSandboxTask({ port: 4041 }), false);
    assert.equal(isWindowSandboxTask({ scenario: 'ci.wallet-sandbox.json' }), false);
  });
});

/** What VS Code inserts for snippet text, each placeholder at its default. */
function inserted(snippet: string): string {
  return snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\\([$}\\])/g, '$1');
}

/** The text Add Configuration… leaves (a new line after the array's bracket) and the cursor's offset there. */
function addConfigurationAt(text: string): { text: string; offset: number } {
  const offset = text.indexOf('"configurations": [') + '"configurations": ['.length;
  return { text: `${text.slice(0, offset)}\n\t\t${text.slice(offset)}`, offset: offset + 3 };
}

describe('terminals: launch.json’s Add Configuration…', () => {
  const config = walletLaunchConfiguration('Wallet Console: Launch Node app against the wallet sandbox');
  const existing =
    '{\n\t// comment with a [ bracket\n\t"version": "0.2.0",\n\t"configurations": [\n\t\t{ "type": "node", "name": "app ]" }\n\t]\n}';

  it('offers it where a configuration goes: the new line Add Configuration… makes, between items', () => {
    const { text, offset } = addConfigurationAt(existing);
    assert.equal(atConfigurationsItem(text, offset), true);
    assert.equal(atConfigurationsItem(existing, existing.lastIndexOf('}') - 3), true, 'after the last item');
    assert.equal(atConfigurationsItem('{ "configurations": [] }', 21), true, 'an empty array');
  });

  it('does not offer it inside a configuration, a string, a comment, another array or another file shape', () => {
    assert.equal(atConfigurationsItem(existing, existing.indexOf('"name"')), false, 'inside an item');
    assert.equal(atConfigurationsItem(existing, existing.indexOf('app ]') + 4), false, 'inside a string');
    assert.equal(atConfigurationsItem(existing, existing.indexOf('bracket')), false, 'before the array');
    assert.equal(atConfigurationsItem('{ "compounds": [  ] }', 17), false, 'compounds');
    assert.equal(atConfigurationsItem('{ "a": { "configurations": [  ] } }', 29), false, 'a nested array of that name');
    assert.equal(atConfigurationsItem('[ "configurations", [  ] ]', 22), false, 'not an object at the root');
  });

  it('inserts the configuration as valid JSON with the commas it needs, its program under the workspace folder', () => {
    const { text, offset } = addConfigurationAt(existing);
    const commas = commasAround(text, offset);
    assert.deepEqual(commas, { before: false, after: true });
    const result = text.slice(0, offset) + inserted(launchSnippetText(config, commas.before, commas.after)) + text.slice(offset);
    const parsed = JSON.parse(result.replace(/\/\/.*$/gm, '')) as { configurations: Record<string, unknown>[] };
    assert.deepEqual(parsed.configurations[0], { ...config, program: '${workspaceFolder}/index.js' });
    assert.equal(parsed.configurations.length, 2);
    const last = existing.lastIndexOf(']');
    assert.deepEqual(commasAround(existing, last), { before: true, after: false });
  });

  it('escapes what snippet syntax would read: a name with $ and } stays as written', () => {
    const named = { ...config, name: 'shop ${env} }' };
    assert.equal((JSON.parse(inserted(launchSnippetText(named, false, false))) as { name: string }).name, 'shop ${env} }');
  });
});
