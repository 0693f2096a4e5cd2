import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { FINDING_RULES } from '../../../src/sandbox/findings/finding';
import { skipBecause } from '../support/skips';

// Issue 54 in CI: a node:test suite of three tests that resets the sandbox before each, run by the
// CLI (`-- node --test`), as a team's CI step runs it. --fail-on-findings sees a key in a URL in
// test 1 of 3; --findings-baseline records a run's findings and fails a later run only on new
// ones, printed as a diff; --findings-format writes SARIF (checked against the SARIF 2.1.0 shape
// GitHub code scanning reads) and JUnit XML (parsed by a strict XML parser).

const CLI = path.resolve(__dirname, '../../../src/sandboxCli.js');
const PACKAGE = pathToFileURL(path.resolve(__dirname, '../../../src/sandbox/package/index.js')).href;

const SCENARIO = {
  clock: { start: '2026-01-05T09:00:00Z', frozen: true },
  developers: [{ email: 'ci@example.ng', password: 'ci-password-1', apps: [{ name: 'my-shop', sandboxKey: 'sk_test_my_shop_ci_0001' }] }],
  wallets: [
    { mobile: '08031112222', name: 'Ada Obi', passcode: '424242', balance: 1500000 },
    { mobile: '08033334444', name: 'Chidi Eze', balance: 500000 },
  ],
};

// The suite as a team writes it: one sandbox for the run (the CLI's), reset before each test.
// SUITE_MISTAKES names the mistakes this run's app makes: `url` (its key in a URL, in test 1),
// `float` (naira turned into kobo in floating point, in test 2).
const SUITE = `import { before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectSandbox } from 'wallet-sandbox';

const mistakes = new Set((process.env.SUITE_MISTAKES ?? '').split(',').filter(Boolean));
const APP_KEY = process.env.WALLET_APP_KEY;
const ADA = '2348031112222';
const CHIDI = '2348033334444';
let sandbox;

before(async () => {
  sandbox = await connectSandbox(process.env.WALLET_BASE_URL);
});
beforeEach(() => sandbox.reset());

async function call(path, { method = 'GET', body, token } = {}) {
  const headers = { 'X-App-Key': APP_KEY, 'Content-Type': 'application/json' };
  if (token) headers['X-App-Wallet-Access-Token'] = token;
  const response = await fetch(process.env.WALLET_BASE_URL + path, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function signIn() {
  await call('/v1/users/auth', { method: 'POST', body: { mobile: ADA, factor: 'sms' } });
  const { json } = await call('/v1/users/auth', { method: 'POST', body: { mobile: ADA, factor: 'sms', passcode: '424242' } });
  return json.data.accessToken;
}

test('1: shows the balance', async () => {
  const token = await signIn();
  const path = mistakes.has('url') ? '/v1/users/balance?appKey=' + APP_KEY : '/v1/users/balance';
  assert.equal((await call(path, { token })).json.data.user.balance, 1500000);
});

test('2: pays Chidi ₦19.99', async () => {
  const token = await signIn();
  await call('/v1/users/auth/validate', { method: 'POST', body: { mobile: CHIDI } });
  const amount = mistakes.has('float') ? 19.99 * 100 : Math.round(19.99 * 100);
  const { status } = await call('/v1/users/transfers/phone', { method: 'POST', token, body: { mobile: CHIDI, amount } });
  assert.equal(status, mistakes.has('float') ? 400 : 200);
});

test('3: lists the banks', async () => {
  assert.equal((await call('/v1/queries/banks')).status, 200);
});
`;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('sandbox: the CLI concludes on the run’s findings (issue 54)', function () {
  this.timeout(60_000);
  let dir: string;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-findings-ci-'));
    writeFileSync(path.join(dir, 'wallet-sandbox.json'), JSON.stringify(SCENARIO));
    writeFileSync(path.join(dir, 'suite.test.mjs'), SUITE.replace("from 'wallet-sandbox'", `from ${JSON.stringify(PACKAGE)}`));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The CI step: the CLI runs the suite once it serves, then concludes on the findings and exits. */
  function step(flags: string[], mistakes: string[]): Promise<Ran> {
    const args = [CLI, '--port', '0', '--scenario', 'wallet-sandbox.json', ...flags, '--', process.execPath, '--test', 'suite.test.mjs'];
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, SUITE_MISTAKES: mistakes.join(',') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('--fail-on-findings: a key in a URL in test 1 of 3 fails the run, though every test passed and reset', async () => {
    const careless = await step(['--fail-on-findings'], ['url']);
    assert.match(careless.stdout, /^# pass 3$/m, careless.stdout);
    assert.equal(careless.code, 1, careless.stderr);
    assert.match(careless.stderr, /the integration review has 1 finding/);
    assert.match(careless.stderr, /^ {2}error secret-in-url: GET \/v1\/users\/balance carries a secret in its query string \(appKey\)/m);
    const summary = careless.stderr.slice(careless.stderr.indexOf('the integration review has'));
    assert.ok(!summary.includes('sk_test_my_shop_ci_0001'), 'the summary never shows the key (the banner does, on purpose)');

    const careful = await step(['--fail-on-findings'], []);
    assert.match(careful.stdout, /^# pass 3$/m);
    assert.equal(careful.code, 0, careful.stderr);
    assert.doesNotMatch(careful.stderr, /integration review/);
  });

  it('--findings-baseline: records the findings, then fails only on new ones, printed as a diff', async () => {
    const baseline = path.join(dir, 'wallet-sandbox-findings.baseline.json');
    const flags = ['--fail-on-findings', '--findings-baseline', 'wallet-sandbox-findings.baseline.json'];
    const recorded = await step(flags, ['url']);
    assert.equal(recorded.code, 0, recorded.stderr);
    assert.match(recorded.stderr, /recorded 1 findings as the baseline in wallet-sandbox-findings\.baseline\.json/);
    const saved = JSON.parse(readFileSync(baseline, 'utf8')) as { findings: { rule: string; fingerprint: string }[] };
    assert.deepEqual(
      saved.findings.map((finding) => finding.rule),
      ['secret-in-url'],
    );
    assert.ok(!readFileSync(baseline, 'utf8').includes('sk_test_my_shop_ci_0001'));

    const same = await step(flags, ['url']);
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /against the baseline wallet-sandbox-findings\.baseline\.json: 0 new, 0 no longer found, 1 as before/);

    const worse = await step(flags, ['float']);
    assert.equal(worse.code, 1, worse.stderr);
    assert.match(worse.stderr, /: 1 new, 1 no longer found, 0 as before/);
    assert.match(
      worse.stderr,
      /^ {2}\+ error float-kobo: POST \/v1\/users\/transfers\/phone sent an amount that is not a whole number of kobo/m,
    );
    assert.match(worse.stderr, /^ {2}- error secret-in-url: GET \/v1\/users\/balance carries a secret/m);

    // A file that is no baseline fails the step and says so, in a line.
    writeFileSync(baseline, 'not json');
    const broken = await step(flags, []);
    assert.equal(broken.code, 1);
    assert.match(
      broken.stderr,
      /^wallet sandbox: could not conclude on the findings: Error: wallet-sandbox-findings\.baseline\.json is not a findings baseline: /m,
    );
    rmSync(baseline);
  });

  it('--findings-format sarif and junit: SARIF 2.1.0 for code scanning, JUnit XML that parses', async function () {
    const ran = await step(['--findings-format', 'sarif', '--findings-format', 'junit'], ['url', 'float']);
    assert.equal(ran.code, 0, 'without --fail-on-findings the files are written and the run passes');
    const sarif = JSON.parse(readFileSync(path.join(dir, 'wallet-sandbox-findings.sarif'), 'utf8')) as SarifLog;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(SARIF_SHAPE);
    assert.ok(validate(sarif), JSON.stringify(validate.errors, null, 2));
    const results = sarif.runs[0]!.results;
    assert.deepEqual(results.map((result) => [result.ruleId, result.level]).sort(), [
      ['float-kobo', 'error'],
      ['secret-in-url', 'error'],
    ]);
    const rules = sarif.runs[0]!.tool.driver.rules.map((rule) => rule.id);
    assert.deepEqual(rules, [...FINDING_RULES]);
    for (const result of results) assert.equal(rules[result.ruleIndex], result.ruleId);
    assert.equal(results[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'wallet-sandbox.json');
    assert.ok(!JSON.stringify(sarif).includes('sk_test_my_shop_ci_0001'), 'no secret in the SARIF');

    const junit = path.join(dir, 'wallet-sandbox-findings.xml');
    assert.ok(existsSync(junit));
    if (spawnSync('python3', ['--version']).status !== 0) skipBecause(this, 'python3 (its strict XML parser) is not installed');
    const parsed = spawnSync(
      'python3',
      [
        '-c',
        'import sys, xml.etree.ElementTree as ET\n' +
          'suite = ET.parse(sys.argv[1]).getroot().find("testsuite")\n' +
          'cases = suite.findall("testcase")\n' +
          'print(suite.get("tests"), suite.get("failures"), len(cases), " ".join(sorted(c.get("name") for c in cases if c.find("failure") is not None)))',
        junit,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(parsed.status, 0, parsed.stderr);
    // Without --fail-on-findings nothing fails the run: every rule's case passes, the findings listed in its output.
    assert.equal(parsed.stdout.trim(), `${FINDING_RULES.length} 0 ${FINDING_RULES.length}`);
    const failing = await step(['--fail-on-findings', '--findings-format', 'junit'], ['url', 'float']);
    assert.equal(failing.code, 1);
    const again = spawnSync('python3', ['-c', PARSE_FAILURES, junit], { encoding: 'utf8' });
    assert.equal(again.stdout.trim(), 'float-kobo secret-in-url');
  });
});

const PARSE_FAILURES =
  'import sys, xml.etree.ElementTree as ET\n' +
  'cases = ET.parse(sys.argv[1]).getroot().iter("testcase")\n' +
  'print(" ".join(sorted(c.get("name") for c in cases if c.find("failure") is not None)))';

interface SarifLog {
  runs: {
    tool: { driver: { rules: { id: string }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
  }[];
}

/**
 * The part of SARIF 2.1.0 (OASIS, sarif-schema-2.1.0.json) a log must have for GitHub code
 * scanning to take it: version, a run with its tool's driver and rules, results with a rule, a
 * level of the spec's four, a message, at least one location with a file and a region, and
 * fingerprints. Written here: the full schema is not vendored, and the tests never download.
 */
const SARIF_SHAPE = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', pattern: '^https://' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool', 'results'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name', 'rules'],
                properties: {
                  name: { type: 'string', minLength: 1 },
                  informationUri: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', 'shortDescription', 'helpUri'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
                        fullDescription: { type: 'object', required: ['text'] },
                        help: { type: 'object', required: ['text'] },
                        helpUri: { type: 'string' },
                        defaultConfiguration: {
                          type: 'object',
                          properties: { level: { enum: ['none', 'note', 'warning', 'error'] } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['ruleId', 'message', 'locations', 'partialFingerprints'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
                locations: {
                  type: 'array',
                  minItems: 1,
                  maxItems: 10,
                  items: {
                    type: 'object',
                    required: ['physicalLocation'],
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: {
                            type: 'object',
                            required: ['uri'],
                            properties: { uri: { type: 'string', pattern: '^[^:]+$' } },
                          },
                          region: { type: 'object', properties: { startLine: { type: 'integer', minimum: 1 } } },
                        },
                      },
                    },
                  },
                },
                partialFingerprints: { type: 'object', minProperties: 1, additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};
