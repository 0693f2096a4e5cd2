// Imports point one way (`npm run lint` runs this with dependency-cruiser): no cycle between
// modules, and no import against the layers of src/, lowest first:
//   common/masking.ts     every masking rule: imports nothing of ours, so all may use it
//   api, sandbox          plain Node: import nothing of ours but masking (sandbox: nothing)
//   common                may import api
//   auth                  may import api, common, sandbox (to start the local one)
//   banks, documents,     the services the UI shares: may import auth and below
//   money, sandboxControl, (money: sending and watching transfers; sandboxControl: the
//   requests              in-process sandbox for the Events and Sandbox views; requests:
//                         the Requests view's list, read from the sandbox's request journal)
//   views, webview        the UI: may import the services and below, not each other
//   linter                the key linter, UI beside views and webview: imports only common (no
//                         client or network: it never sends a key anywhere)
//   commands              may import the UI and below
//   tools                 the agent tools' one definition: plain Node, may import api, sandbox
//                         and the plain masking/billerName/plural/formatMobile modules of common
//   mcp                   the MCP server over the tools: plain Node, no vscode
//   agents                the tools in VS Code (UI layer): may import tools, auth, banks and below
//   cli/                  the sandbox CLI entry: sandbox, and MCP only when asked for
//   extension*.ts         wires it all
// test/unit/common/importRules.test.ts proves that each rule fails on a planted import.

const ACTIVATION = '^src/extension[^/]*\\.ts$';

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
    layer('sandbox-stands-alone', '^src/sandbox/', '^src/(?!sandbox/)', 'src/sandbox stands alone.'),
    layer('common-below-all-but-api', '^src/common/', '^src/(?!(common|api)/)', 'src/common is below everything but src/api.'),
    layer(
      'auth-below-services-and-ui',
      '^src/auth/',
      `^src/(banks|documents|money|sandboxControl|requests|views|webview|commands)/|${ACTIVATION}`,
      'src/auth imports only api, common and sandbox.',
    ),
    layer(
      'services-below-ui',
      '^src/(banks|documents|money|sandboxControl|requests)/',
      `^src/(views|webview|commands)/|${ACTIVATION}`,
      'The shared services sit below the UI.',
    ),
    layer(
      'views-beside-webview',
      '^src/views/',
      `^src/(webview|commands)/|${ACTIVATION}`,
      'src/views sits below commands and beside webview.',
    ),
    layer(
      'webview-beside-views',
      '^src/webview/',
      `^src/(views|commands)/|${ACTIVATION}`,
      'src/webview sits below commands and beside views.',
    ),
    layer(
      'tools-plain-node',
      '^src/tools/',
      '^src/(?!(tools|api|sandbox)/|common/(masking|billerName|plural|formatMobile)\\.ts$)',
      'src/tools is plain Node: the extension and the MCP server both run it.',
    ),
    layer(
      'mcp-plain-node',
      '^src/mcp/',
      '^src/(?!(mcp|tools|api|sandbox)/|common/(masking|billerName|plural|formatMobile)\\.ts$)',
      'src/mcp is plain Node.',
    ),
    layer('agents-is-ui', '^src/agents/', `^src/(views|webview|commands|mcp)/|${ACTIVATION}`, 'src/agents sits beside the UI.'),
    layer(
      'only-entries-use-agents-and-mcp',
      '^src/(?!(agents|mcp|cli)/)(?!extension[^/]*\\.ts$)',
      '^src/(agents|mcp)/',
      'Only activation and the CLI wire the agent tools and the MCP server.',
    ),
    layer('cli-entry', '^src/cli/', '^src/(?!(cli|sandbox|mcp)/)', 'The sandbox CLI entry composes the sandbox and, when asked, MCP.'),
    layer('only-activation-wires-commands', '^src/commands/', ACTIVATION, 'Only activation wires the commands.'),
    layer(
      'linter-beside-ui',
      '^src/linter/',
      `^src/(?!(linter|common)/)|${ACTIVATION}`,
      'src/linter imports only common: no client, no sandbox, so it cannot send a key anywhere.',
    ),
    layer(
      'only-commands-and-activation-use-linter',
      '^src/(api|sandbox|common|auth|banks|documents|views|webview)/',
      '^src/linter/',
      'Only commands and activation import the key linter.',
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
