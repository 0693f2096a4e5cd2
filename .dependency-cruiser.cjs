// Imports point one way (`npm run lint` runs this with dependency-cruiser): no cycle between
// modules, and no import against the layers of src/, lowest first:
//   masking               every masking rule: imports nothing of ours, so all may use it
//   api, sandbox          plain Node: import nothing of ours but masking (the sandbox's journal over HTTP masks with them);
//                         the rest of src/ imports the sandbox only through index.ts and reference.ts
//   common                may import api and masking
//   auth, localSandbox    beside each other, never each other: may import api, common (localSandbox
//                         also sandbox: it starts and watches the local one; auth gets its URL from
//                         the composition root)
//   agents/tools          the agent tools' one definition: plain Node, may import api, sandbox,
//                         masking and the plain billerName/plural/formatMobile modules of common
//   agents/mcp            the MCP server over the tools: plain Node, no vscode
//   banks, money,         the services the UI shares: may import auth, localSandbox and below, and
//   requests              never ask the user anything (money: sending and watching transfers;
//                         requests: the Requests view's list, read from the sandbox's journal, and
//                         Replay, which is handed its confirmation by the UI)
//   views, webview        the UI: may import the services and below, not each other (views: the
//                         tree views, the Events and Sandbox views among them)
//   walkthrough           the Get Started walkthrough, UI beside views: imports only common (it
//                         follows the views' context keys through an interface)
//   snippets, terminals   the code snippets and the terminals' and tasks' sandbox: may import the
//                         services and below, not the UI (snippets/library: plain Node that reads
//                         the snippets' files, templates/snippets/, and imports nothing of ours)
//   linter                the key linter, UI beside views and webview: imports only common (no
//                         client or network: it never sends a key anywhere)
//   endpointIntelligence  the editor features for API paths in code (hover, completion, checks,
//                         CodeLens), UI beside views: may import the services and below; its core/
//                         is plain Node: only the sandbox's OpenAPI document and magic values, the
//                         snippets, the command ids and the words on money
//   commandDeps           what every command is given (CommandDeps, progress, argumentOrPick):
//                         imports only auth and below; only the command layers below import it
//   commands              may import the UI and below (commands/eventsAndSandboxControl: the
//                         commands of the Events and Sandbox views)
//   agents/vscode         the tools in VS Code (UI layer): may import agents/tools, the services and below
//   webhookHandlers       Create Webhook Handler (beside commands): imports only api, masking,
//                         common, auth and commandDeps, and the snippets' TypeScript/JavaScript markers
//                         (snippets/library/snippetSource.ts); the handlers are files, templates/webhook-handlers/
//   sandboxCli.ts         the sandbox CLI entry: sandbox, and agents/mcp only when asked for
//   extension*.ts         the composition root: wires it all
// Nor a cycle between folders outside src/sandbox (a folder holds its subfolders), so that the
// folders say the layers.
// test/unit/common/importRules.test.ts proves that each rule fails on a planted import.

const ACTIVATION = '^src/extension[^/]*\\.ts$';
const SERVICES = '(banks|money|requests)';
const UI = '(views|webview|commands)';
/**
 * The sandbox's folders, lowest first: [rule name, folders, why]. A folder may not import one of
 * a later layer (sandbox-<name>); folders of one layer sit beside each other.
 */
const SANDBOX_LAYERS = [
  ['vocabulary', ['vocabulary'], 'The words every layer speaks.'],
  ['domain-at-the-bottom', ['domain'], 'The domain (and its seeded data) knows no HTTP, no files, no scenario.'],
  [
    'store-scenario-journal-below-worlds',
    ['persistence', 'scenario', 'requests', 'findings', 'sharing'],
    "The state file, the scenario format, the journal, the findings and sharing's lock and change stream sit below the worlds.",
  ],
  ['worlds-below-http', ['worlds'], 'A world and its operations know no HTTP: the routes are made over them.'],
  ['http-below-owner', ['http'], 'The HTTP server, the API routes and the admin routes sit below startSandbox.'],
  ['owner-below-clients', ['owner'], 'startSandbox sits below the clients of a shared sandbox (client/shared.ts starts one).'],
  [
    'clients-below-webhook-check',
    ['client'],
    'The one face of a world (SandboxWorld) over its ports, in process and over HTTP, and the shared sandbox: below the entries.',
  ],
  [
    'webhook-check-below-entries',
    ['webhookCheck'],
    'The webhook check speaks to a sandbox over HTTP: it neither starts one nor imports the entries.',
  ],
  ['cli-below-package', ['cli'], 'The CLI imports neither the package (package/bin runs it) nor the public face.'],
  ['package-on-top', ['package'], 'The package is the top entry.'],
];
/** The folders of the layers after `index`. */
const aboveLayer = (index) => SANDBOX_LAYERS.slice(index + 1).flatMap(([, folders]) => folders);

/** `from` may not import `to`. */
const layer = (name, from, to, comment) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'An import cycle.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-folder-cycle',
      comment: 'A cycle between folders (a folder holds its subfolders), though no module cycle: the folders would not say the layers.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    layer('masking-is-a-leaf', '^src/masking/', '^src/(?!masking/)', 'The masking rules import nothing of ours.'),
    layer(
      'api-stands-alone',
      '^src/api/',
      '^src/(?!(api|masking)/)',
      'src/api is plain Node and imports nothing of ours but the masking rules.',
    ),
    layer(
      'sandbox-stands-alone',
      '^src/sandbox/',
      '^src/(?!(sandbox|masking)/)',
      'src/sandbox stands alone: it imports nothing of ours but the masking rules (the journal over HTTP masks with them).',
    ),
    layer(
      'sandbox-public-entries',
      '^src/(?!sandbox/)(?!sandboxCli\\.ts$)',
      '^src/sandbox/(?!(index|reference)\\.ts$)',
      'Code outside the sandbox imports only its entries: index.ts, and reference.ts for the reference data it bundles.',
    ),
    {
      name: 'sandbox-index-types-only',
      comment:
        'The extension loads the sandbox at run time (dist/sandbox.js): a value imported from index.ts would bundle the whole ' +
        'sandbox into dist/extension.js. Values come from reference.ts.',
      severity: 'error',
      from: { path: '^src/(?!sandbox/)(?!sandboxCli\\.ts$)' },
      to: { path: '^src/sandbox/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    layer(
      'common-below-all-but-api',
      '^src/common/',
      '^src/(?!(common|api|masking)/)',
      'src/common is below everything but api and masking.',
    ),
    layer(
      'auth-below-services-and-ui',
      '^src/auth/',
      `^src/(sandbox|localSandbox|${SERVICES}|${UI})/|${ACTIVATION}`,
      'src/auth imports only api and common: the local sandbox reaches it through an interface.',
    ),
    layer(
      'local-sandbox-below-services',
      '^src/localSandbox/',
      `^src/(auth|${SERVICES}|${UI})/|${ACTIVATION}`,
      'The local sandbox (starting and watching it) imports only api, common and sandbox.',
    ),
    layer('services-below-ui', `^src/${SERVICES}/`, `^src/${UI}/|${ACTIVATION}`, 'The shared services sit below the UI.'),
    layer(
      'services-ask-nothing',
      `^src/${SERVICES}/`,
      '^src/common/userInput\\.ts$',
      "The shared services never ask the user: a prompt is the UI's, handed in (as Replay's confirmation is).",
    ),
    layer(
      'views-beside-webview',
      '^src/views/',
      `^src/(webview|commands)/|${ACTIVATION}`,
      'The tree views sit below commands and beside webview.',
    ),
    layer(
      'webview-beside-views',
      '^src/webview/',
      `^src/(views|commands)/|${ACTIVATION}`,
      'src/webview sits below commands and beside the tree views.',
    ),
    layer(
      'tools-plain-node',
      '^src/agents/tools/',
      '^src/(?!(agents/tools|api|sandbox|masking)/|common/(billerName|plural|formatMobile)\\.ts$)',
      'src/agents/tools is plain Node: the extension and the MCP server both run it.',
    ),
    layer(
      'mcp-plain-node',
      '^src/agents/mcp/',
      '^src/(?!(agents/mcp|agents/tools|api|sandbox|masking)/|common/(billerName|plural|formatMobile)\\.ts$)',
      'src/agents/mcp is plain Node.',
    ),
    layer(
      'agents-is-ui',
      '^src/agents/vscode/',
      `^src/(views|webview|commands|agents/mcp)/|${ACTIVATION}`,
      'src/agents/vscode sits beside the UI.',
    ),
    layer(
      'only-entries-use-agents',
      '^src/(?!agents/)(?!(extension[^/]*|sandboxCli)\\.ts$)',
      '^src/agents/',
      'Only activation and the CLI wire the agent tools and the MCP server.',
    ),
    layer(
      'cli-entry',
      '^src/sandboxCli\\.ts$',
      '^src/(?!(sandbox|agents/mcp)/)',
      'The sandbox CLI entry composes the sandbox and, when asked, MCP.',
    ),
    layer('only-activation-wires-commands', '^src/commands/', ACTIVATION, 'Only activation wires the commands.'),
    layer(
      'command-deps-below-commands',
      '^src/commandDeps/',
      '^src/(?!(commandDeps|auth|common|api|masking)/)',
      'src/commandDeps (what every command is given) imports only auth and below.',
    ),
    layer(
      'only-commands-use-command-deps',
      '^src/(?!(commandDeps|commands|webhookHandlers)/)(?!extension[^/]*\\.ts$)',
      '^src/commandDeps/',
      'Only the commands (and Create Webhook Handler, beside them) take CommandDeps.',
    ),
    layer(
      'webhook-handlers-beside-commands',
      '^src/webhookHandlers/',
      `^src/(?!(webhookHandlers|api|masking|common|auth|commandDeps)/|snippets/library/snippetSource\\.ts$)|${ACTIVATION}`,
      'src/webhookHandlers imports only api, masking, common, auth, commandDeps and the snippet markers: it writes files and sets a URL.',
    ),
    layer(
      'walkthrough-beside-ui',
      '^src/walkthrough/',
      `^src/(?!(walkthrough|common|masking)/)|${ACTIVATION}`,
      "src/walkthrough imports only common: it follows the views' context keys through an interface.",
    ),
    layer(
      'only-activation-uses-walkthrough',
      '^src/(?!walkthrough/)(?!extension[^/]*\\.ts$)',
      '^src/walkthrough/',
      'Only activation wires the walkthrough.',
    ),
    layer(
      'editor-features-below-ui',
      '^src/(snippets|terminals)/',
      `^src/(${UI}|agents|linter)/|${ACTIVATION}`,
      'The snippets and the terminals sit beside the UI: they import the services and below.',
    ),
    layer(
      'snippet-library-is-text',
      '^src/snippets/library/',
      '^src/(?!snippets/library/)',
      'The snippet library is plain Node that reads templates/snippets/: it imports nothing of ours.',
    ),
    layer(
      'linter-beside-ui',
      '^src/linter/',
      `^src/(?!(linter|common)/)|${ACTIVATION}`,
      'src/linter imports only common: no client, no sandbox, so it cannot send a key anywhere.',
    ),
    layer(
      'only-commands-and-activation-use-linter',
      '^src/(?!(commands|linter)/)(?!extension[^/]*\\.ts$)',
      '^src/linter/',
      'Only commands and activation import the key linter.',
    ),
    layer(
      'endpoint-intelligence-core-plain-node',
      '^src/endpointIntelligence/core/',
      '^src/(?!(endpointIntelligence/core|sandbox)/|common/(commandIds|moneyWords)\\.ts$|requests/(snippets|requestRecord)\\.ts$)',
      'src/endpointIntelligence/core is plain Node: the OpenAPI document, the magic values, the snippets, the words on money.',
    ),
    layer(
      'endpoint-intelligence-beside-ui',
      '^src/endpointIntelligence/',
      `^src/(views|webview|commands|linter|agents)/|${ACTIVATION}`,
      'src/endpointIntelligence sits beside the UI: it reaches the panel and the Send commands by command id.',
    ),
    layer(
      'only-activation-uses-endpoint-intelligence',
      '^src/(?!endpointIntelligence/)(?!extension[^/]*\\.ts$)',
      '^src/endpointIntelligence/',
      'Only activation wires the endpoint intelligence.',
    ),

    // Inside src/sandbox the folders are the layers (SANDBOX_LAYERS, lowest first): a folder imports
    // the folders below its layer and beside it in its layer (never in a cycle: no-folder-cycle),
    // never one above. The public face sits on top at the root: index.ts, reference.ts and types.ts
    // (the public shapes, which every layer may import for their types).
    layer(
      'sandbox-vocabulary-is-a-leaf',
      '^src/sandbox/vocabulary/',
      '^src/sandbox/(?!vocabulary/)',
      'vocabulary/ (errors, waits, the record shapes, the OpenAPI document) imports nothing of the sandbox but itself.',
    ),
    {
      name: 'sandbox-types-are-types',
      comment: "src/sandbox/types.ts (the public shapes) imports the sandbox's modules for their types only.",
      severity: 'error',
      from: { path: '^src/sandbox/types\\.ts$' },
      to: { path: '^src/sandbox/(?!vocabulary/)', dependencyTypesNot: ['type-only'] },
    },
    ...SANDBOX_LAYERS.slice(1).map(([name, folders, comment], index) =>
      layer(
        `sandbox-${name}`,
        `^src/sandbox/(${folders.join('|')})/`,
        [...aboveLayer(index + 1).map((folder) => `^src/sandbox/${folder}/`), '^src/sandbox/(index|reference)\\.ts$'].join('|'),
        comment,
      ),
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    // Type-only imports count: the structure must hold for types as for values.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
