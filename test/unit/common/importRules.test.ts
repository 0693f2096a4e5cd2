// `npm run lint` keeps imports pointing one way (.dependency-cruiser.cjs): these plant a cycle
// of modules, one of folders and an import against each layer in a copy of src/ and check that
// each one is an error, while the real src/ and an import downward pass.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../../..');
const CLI = path.join(REPO, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** The rule violations dependency-cruiser finds in `src` under `root`, with the project's config. */
function violations(root: string): Violation[] {
  let output: string;
  try {
    output = execFileSync(process.execPath, [CLI, '--config', path.join(REPO, '.dependency-cruiser.cjs'), '--output-type', 'json', 'src'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // It exits non-zero when it finds errors; the report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? '';
  }
  const report = JSON.parse(output) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((found) => ({ rule: found.rule.name, from: found.from, to: found.to }));
}

const UPWARD: [file: string, specifier: string, rule: string][] = [
  ['src/common/logger.ts', '../auth/accountService', 'common-below-all-but-api'],
  ['src/snippets/snippetCompletions.ts', '../views/loadable', 'editor-features-below-ui'],
  ['src/snippets/library/index.ts', '../../masking/masking', 'snippet-library-is-text'],
  ['src/masking/masking.ts', '../api/money', 'masking-is-a-leaf'],
  ['src/masking/masking.ts', '../common/plural', 'masking-is-a-leaf'],
  ['src/api/errors.ts', '../common/isRecord', 'api-stands-alone'],
  ['src/api/money.ts', '../common/logger', 'api-stands-alone'],
  ['src/sandbox/domain/random.ts', '../../api/money', 'sandbox-stands-alone'],
  ['src/sandbox/owner/start.ts', '../../localSandbox/localSandbox', 'sandbox-stands-alone'],
  ['src/auth/clients.ts', '../views/loadable', 'auth-below-services-and-ui'],
  ['src/banks/bankDirectory.ts', '../webview/protocol', 'services-below-ui'],
  ['src/requests/requestHistory.ts', '../views/loadable', 'services-below-ui'],
  ['src/auth/clients.ts', '../requests/capture', 'auth-below-services-and-ui'],
  ['src/views/loadable.ts', '../commands/exportFormat', 'views-beside-webview'],
  ['src/views/autoRefresh.ts', '../webview/protocol', 'views-beside-webview'],
  ['src/webview/protocol.ts', '../views/loadable', 'webview-beside-views'],
  ['src/commands/exportFormat.ts', '../extensionApi', 'only-activation-wires-commands'],
  ['src/money/policy.ts', '../views/loadable', 'services-below-ui'],
  ['src/auth/clients.ts', '../money/policy', 'auth-below-services-and-ui'],
  ['src/localSandbox/durations.ts', '../views/tidy', 'local-sandbox-below-services'],
  ['src/localSandbox/sandboxWatch.ts', '../auth/accountService', 'local-sandbox-below-services'],
  ['src/localSandbox/faultLabel.ts', '../money/policy', 'local-sandbox-below-services'],
  ['src/auth/environments.ts', '../localSandbox/endpoints', 'auth-below-services-and-ui'],
  ['src/auth/clients.ts', '../sandbox/types', 'auth-below-services-and-ui'],
  ['src/views/findingsView.ts', '../sandbox/findings/finding', 'sandbox-public-entries'],
  ['src/agents/tools/reads.ts', '../../sandbox/requests/entry', 'sandbox-public-entries'],
  ['src/views/loadable.ts', '../sandbox', 'sandbox-index-types-only'],
  ['src/sandbox/domain/random.ts', '../reference', 'sandbox-domain-at-the-bottom'],
  ['src/money/policy.ts', '../views/sandboxServerItem', 'services-below-ui'],
  ['src/views/sandboxServerItem.ts', '../webview/protocol', 'views-beside-webview'],
  ['src/views/sandboxServerItem.ts', '../commands/eventsAndSandboxControl/sandboxAccess', 'views-beside-webview'],
  ['src/webhookHandlers/frameworks.ts', '../localSandbox/localSandbox', 'webhook-handlers-beside-commands'],
  ['src/webhookHandlers/frameworks.ts', '../commands/register', 'webhook-handlers-beside-commands'],
  ['src/commandDeps/commandDeps.ts', '../commands/signOut', 'command-deps-below-commands'],
  ['src/commandDeps/commandDeps.ts', '../views/loadable', 'command-deps-below-commands'],
  ['src/views/loadable.ts', '../commandDeps/commandDeps', 'only-commands-use-command-deps'],
  ['src/requests/requestHistory.ts', '../commandDeps/commandDeps', 'only-commands-use-command-deps'],
  ['src/requests/replay.ts', '../common/userInput', 'services-ask-nothing'],
  ['src/money/policy.ts', '../common/userInput', 'services-ask-nothing'],
  ['src/walkthrough/steps.ts', '../views/loadable', 'walkthrough-beside-ui'],
  ['src/walkthrough/progress.ts', '../auth/accountService', 'walkthrough-beside-ui'],
  ['src/views/contextKeys.ts', '../walkthrough/progress', 'only-activation-uses-walkthrough'],
  ['src/webview/protocol.ts', '../views/sandboxServerItem', 'webview-beside-views'],
  ['src/commands/eventsAndSandboxControl/sandboxAccess.ts', '../../extensionApi', 'only-activation-wires-commands'],
  ['src/linter/keyScanner.ts', '../views/loadable', 'linter-beside-ui'],
  ['src/linter/envRead.ts', '../auth/clients', 'linter-beside-ui'],
  ['src/views/tidy.ts', '../linter/keyScanner', 'only-commands-and-activation-use-linter'],
  ['src/agents/tools/format.ts', '../../common/logger', 'tools-plain-node'],
  ['src/agents/tools/context.ts', '../../auth/accountService', 'tools-plain-node'],
  ['src/agents/mcp/server.ts', '../../common/logger', 'mcp-plain-node'],
  ['src/agents/mcp/server.ts', '../vscode/toolContext', 'mcp-plain-node'],
  ['src/agents/vscode/historyRequests.ts', '../../views/loadable', 'agents-is-ui'],
  ['src/agents/vscode/historyRequests.ts', '../mcp/server', 'agents-is-ui'],
  ['src/views/loadable.ts', '../agents/vscode/toolContext', 'only-entries-use-agents'],
  ['src/money/policy.ts', '../agents/tools/format', 'only-entries-use-agents'],
  ['src/sandboxCli.ts', './common/logger', 'cli-entry'],
  ['src/sandboxCli.ts', './agents/tools/format', 'cli-entry'],
  ['src/money/policy.ts', '../linter/keyScanner', 'only-commands-and-activation-use-linter'],
  ['src/endpointIntelligence/core/catalog.ts', '../../common/logger', 'endpoint-intelligence-core-plain-node'],
  ['src/endpointIntelligence/core/catalog.ts', '../../requests/requestHistory', 'endpoint-intelligence-core-plain-node'],
  ['src/views/loadable.ts', '../endpointIntelligence/core/catalog', 'only-activation-uses-endpoint-intelligence'],
  // Inside src/sandbox: a folder against each layer (SANDBOX_LAYERS in .dependency-cruiser.cjs).
  ['src/sandbox/vocabulary/errors.ts', '../domain/random', 'sandbox-vocabulary-is-a-leaf'],
  ['src/sandbox/vocabulary/wait.ts', '../types', 'sandbox-vocabulary-is-a-leaf'],
  ['src/sandbox/vocabulary/records.ts', '../requests/entry', 'sandbox-vocabulary-is-a-leaf'],
  ['src/sandbox/types.ts', './requests/journal', 'sandbox-types-are-types'],
  ['src/sandbox/domain/ledger.ts', '../persistence/store', 'sandbox-domain-at-the-bottom'],
  ['src/sandbox/domain/clock.ts', '../worlds/env', 'sandbox-domain-at-the-bottom'],
  ['src/sandbox/domain/seed/names.ts', '../../scenario/format', 'sandbox-domain-at-the-bottom'],
  ['src/sandbox/persistence/store.ts', '../worlds/env', 'sandbox-store-scenario-journal-below-worlds'],
  ['src/sandbox/scenario/export.ts', '../http/router', 'sandbox-store-scenario-journal-below-worlds'],
  ['src/sandbox/requests/journal.ts', '../client/shared', 'sandbox-store-scenario-journal-below-worlds'],
  ['src/sandbox/findings/findingsBook.ts', '../worlds/env', 'sandbox-store-scenario-journal-below-worlds'],
  ['src/sandbox/sharing/wire.ts', '../owner/start', 'sandbox-store-scenario-journal-below-worlds'],
  ['src/sandbox/worlds/knobs.ts', '../http/router', 'sandbox-worlds-below-http'],
  ['src/sandbox/worlds/operations.ts', '../http/admin/routes', 'sandbox-worlds-below-http'],
  ['src/sandbox/worlds/env.ts', '../webhookCheck/checkWebhook', 'sandbox-worlds-below-http'],
  ['src/sandbox/http/server.ts', '../owner/start', 'sandbox-http-below-owner'],
  ['src/sandbox/http/admin/routes.ts', '../../client/shared', 'sandbox-http-below-owner'],
  ['src/sandbox/owner/start.ts', '../client/shared', 'sandbox-owner-below-clients'],
  ['src/sandbox/owner/start.ts', '../index', 'sandbox-owner-below-clients'],
  ['src/sandbox/client/httpPort.ts', '../webhookCheck/checkWebhook', 'sandbox-clients-below-webhook-check'],
  ['src/sandbox/client/shared.ts', '../index', 'sandbox-clients-below-webhook-check'],
  ['src/sandbox/webhookCheck/checkWebhook.ts', '../cli/cli', 'sandbox-webhook-check-below-entries'],
  ['src/sandbox/cli/cli.ts', '../package/index', 'sandbox-cli-below-package'],
  ['src/sandbox/package/namespaces.ts', '../index', 'sandbox-package-on-top'],
];

describe('import rules (lint)', function () {
  this.timeout(120_000);
  let copy: string;
  let planted: Violation[];

  before(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
    fs.cpSync(path.join(REPO, 'src'), path.join(copy, 'src'), { recursive: true });
    fs.copyFileSync(path.join(REPO, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));
    const plant = (file: string, line: string) => {
      // Into a module that exists: a moved one would otherwise be created anew and prove nothing.
      assert.ok(fs.existsSync(path.join(copy, file)), `${file} exists`);
      fs.appendFileSync(path.join(copy, file), `\n${line}\n`);
    };
    // accountService.ts imports walletAccess.ts: walletAccess importing it back closes a cycle.
    plant('src/auth/walletAccess.ts', "import { AccountService } from './accountService';\nexport const service = AccountService;");
    // scenario/ imports findings/ (the rule names): findings/ importing scenario/ closes a folder cycle, no module cycle.
    plant('src/sandbox/findings/findingsBook.ts', "import * as schema from '../scenario/format';\nexport const folderCycle = schema;");
    // banks and requests (services beside each other) import nothing of each other: one import each
    // way closes a cycle of the two folders, though of no modules and against no layer.
    plant('src/banks/bankVerifier.ts', "import * as record from '../requests/requestRecord';\nexport const usedRecord = record;");
    plant('src/requests/requestList.ts', "import * as banks from '../banks/bankDirectory';\nexport const usedBanks = banks;");
    UPWARD.forEach(([file, specifier], index) =>
      plant(file, `import * as above${index} from '${specifier}';\nexport const used${index} = above${index};`),
    );
    fs.writeFileSync(
      path.join(copy, 'src/views/downward.ts'),
      "import * as below from '../auth/accountState';\nexport const used = below;\n",
    );
    // Inside the sandbox: HTTP over the worlds, and sharing's wire (below the worlds) from anywhere above it.
    fs.writeFileSync(
      path.join(copy, 'src/sandbox/http/admin/downward.ts'),
      "import * as world from '../../worlds/env';\nimport * as wire from '../../sharing/wire';\nexport const used = [world, wire];\n",
    );
    planted = violations(copy);
  });
  after(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('accepts the modules as they are', () => {
    assert.deepEqual(violations(REPO), []);
  });

  it('fails on a folder cycle inside the sandbox (no module cycle)', () => {
    assert.ok(
      planted.some((found) => found.rule === 'no-folder-cycle' && /findings/.test(found.from + found.to)),
      JSON.stringify(planted.filter((found) => found.rule.includes('folder'))),
    );
  });

  it('fails on an import cycle', () => {
    assert.ok(
      planted.some((found) => found.rule === 'no-circular' && found.from === 'src/auth/walletAccess.ts'),
      JSON.stringify(planted),
    );
  });

  it('fails on a cycle of folders', () => {
    const folderCycles = planted.filter((found) => found.rule === 'no-folder-cycle');
    assert.ok(
      folderCycles.some((found) => [found.from, found.to].sort().join(' ') === 'src/banks src/requests'),
      JSON.stringify(folderCycles),
    );
  });

  for (const [file, specifier, rule] of UPWARD) {
    it(`fails on ${file} importing ${specifier} (${rule})`, () => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      assert.ok(
        planted.some((found) => found.rule === rule && found.from === file && found.to.startsWith(target)),
        JSON.stringify(planted.filter((found) => found.from === file)),
      );
    });
  }

  it('allows an import downward', () => {
    assert.deepEqual(
      planted.filter((found) => found.from === 'src/views/downward.ts' || found.from === 'src/sandbox/http/admin/downward.ts'),
      [],
    );
  });
});
