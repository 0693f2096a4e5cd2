// Imports point one way (`npm run lint` runs this with dependency-cruiser): no cycle between
// modules, and no import against the layers of src/, lowest first:
//   common/masking.ts     every masking rule: imports nothing of ours, so all may use it
//   api, sandbox          plain Node: import nothing of ours but masking
//   common                may import api
//   auth, localSandbox    beside each other, never each other: may import api, common (localSandbox
//                         also sandbox: it starts and watches the local one; auth gets its URL from
//                         the composition root)
//   agents/tools          the agent tools' one definition: plain Node, may import api, sandbox
//                         and the plain masking/billerName/plural/formatMobile modules of common
//   agents/mcp            the MCP server over the tools: plain Node, no vscode
//   banks, money,         the services the UI shares: may import auth, localSandbox and below
//   requests              (money: sending and watching transfers; requests: the Requests view's list, read from the sandbox's journal)
//   views, webview,       the UI: may import the services and below, not each other
//   localSandbox/views    (localSandbox/views: the Events and Sandbox views, beside views)
//   snippets, terminals   the code snippets and the terminals' and tasks' sandbox: may import the
//                         services and below, not the UI (snippets/library: plain text, imports
//                         nothing of ours: a bundle of its own)
//   linter                the key linter, UI beside views and webview: imports only common (no
//                         client or network: it never sends a key anywhere)
//   endpointIntelligence  the editor features for API paths in code (hover, completion, checks,
//                         CodeLens), UI beside views: may import the services and below (features/
//                         is its own bundle, dist/endpoints.js); its core/ is plain Node: only the
//                         sandbox's OpenAPI document and magic values, the snippets and the command ids
//   commands,             may import the UI and below (localSandbox/controls: the commands of the
//   localSandbox/controls Events and Sandbox views)
//   agents/vscode         the tools in VS Code (UI layer): may import agents/tools, the services and below
//   webhookHandlers       Create Webhook Handler (beside commands): imports only api, common, auth and
//                         commands/deps; its templates are plain strings
//   sandboxCli.ts         the sandbox CLI entry: sandbox, and agents/mcp only when asked for
//   extension*.ts         the composition root: wires it all
// test/unit/common/importRules.test.ts proves that each rule fails on a planted import.

const ACTIVATION = '^src/extension[^/]*\\.ts$';
const SERVICES = '(banks|money|requests)';
const UI = '(views|webview|localSandbox/views|commands|localSandbox/controls)';

/** `from` may not import `to`. */
const layer = (name, from, to, comment) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'An import cycle.', severity: 'error', from: {}, to: { circular: true } },
    layer('masking-is-a-leaf', '^src/common/masking\\.ts$', '^src/', 'The masking rules import nothing of ours.'),
    layer(
      'api-stands-alone',
      '^src/api/',
      '^src/(?!api/|common/masking\\.ts$)',
      'src/api is plain Node and imports nothing of ours but the masking rules.',
    ),
    layer(
      'sandbox-stands-alone',
      '^src/sandbox/',
      '^src/(?!sandbox/|common/masking\\.ts$)',
      'src/sandbox stands alone: it imports nothing of ours but the masking rules (the journal over HTTP masks with them).',
    ),
    layer('common-below-all-but-api', '^src/common/', '^src/(?!(common|api)/)', 'src/common is below everything but src/api.'),
    layer(
      'auth-below-services-and-ui',
      '^src/auth/',
      `^src/(sandbox|localSandbox|${SERVICES}|${UI})/|${ACTIVATION}`,
      'src/auth imports only api and common: the local sandbox reaches it through an interface.',
    ),
    layer(
      'local-sandbox-below-services',
      '^src/localSandbox/[^/]+$',
      `^src/(auth|${SERVICES}|${UI})/|${ACTIVATION}`,
      'The local sandbox (starting and watching it) imports only api, common and sandbox.',
    ),
    layer('services-below-ui', `^src/${SERVICES}/`, `^src/${UI}/|${ACTIVATION}`, 'The shared services sit below the UI.'),
    layer(
      'views-beside-webview',
      '^src/(views|localSandbox/views)/',
      `^src/(webview|commands|localSandbox/controls)/|${ACTIVATION}`,
      'The tree views sit below commands and beside webview.',
    ),
    layer(
      'webview-beside-views',
      '^src/webview/',
      `^src/(views|localSandbox/views|commands|localSandbox/controls)/|${ACTIVATION}`,
      'src/webview sits below commands and beside the tree views.',
    ),
    layer(
      'tools-plain-node',
      '^src/agents/tools/',
      '^src/(?!(agents/tools|api|sandbox)/|common/(masking|billerName|plural|formatMobile)\\.ts$)',
      'src/agents/tools is plain Node: the extension and the MCP server both run it.',
    ),
    layer(
      'mcp-plain-node',
      '^src/agents/mcp/',
      '^src/(?!(agents/mcp|agents/tools|api|sandbox)/|common/(masking|billerName|plural|formatMobile)\\.ts$)',
      'src/agents/mcp is plain Node.',
    ),
    layer(
      'agents-is-ui',
      '^src/agents/vscode/',
      `^src/(views|webview|localSandbox/views|commands|localSandbox/controls|agents/mcp)/|${ACTIVATION}`,
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
    layer('only-activation-wires-commands', '^src/(commands|localSandbox/controls)/', ACTIVATION, 'Only activation wires the commands.'),
    layer(
      'webhook-handlers-beside-commands',
      '^src/webhookHandlers/',
      `^src/(?!(webhookHandlers|api|common|auth)/|commands/deps\\.ts$)|${ACTIVATION}`,
      "src/webhookHandlers imports only api, common, auth and the commands' deps: it writes files and sets a URL.",
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
      'The snippet library imports nothing of ours: it is a bundle of its own (dist/snippets.js).',
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
      '^src/(?!(endpointIntelligence/core|sandbox)/|common/commandIds\\.ts$|requests/(snippets|requestRecord)\\.ts$)',
      'src/endpointIntelligence/core is plain Node (its own bundle): the OpenAPI document, the magic values, the snippets.',
    ),
    layer(
      'endpoint-intelligence-beside-ui',
      '^src/endpointIntelligence/',
      `^src/(views|webview|localSandbox/views|commands|localSandbox/controls|linter|agents)/|${ACTIVATION}`,
      'src/endpointIntelligence sits beside the UI: it reaches the panel and the Send commands by command id.',
    ),
    layer(
      'only-activation-uses-endpoint-intelligence',
      '^src/(?!endpointIntelligence/)(?!extension[^/]*\\.ts$)',
      '^src/endpointIntelligence/',
      'Only activation wires the endpoint intelligence.',
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
