// Bundles the extension and the standalone sandbox CLI. Type checking is `npm run typecheck`.
const esbuild = require('esbuild');
const { buildCodicons } = require('./scripts/build/codicons');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * The MCP SDK's Server builds an Ajv validator (~130 KB with ajv-formats and fast-uri) for
 * elicitation forms, which our server never sends; src/agents/mcp/server.ts passes its own validator,
 * so the Ajv provider module is replaced by one that refuses to be used.
 * @type {import('esbuild').Plugin}
 */
const mcpWithoutAjv = {
  name: 'mcp-without-ajv',
  setup(build) {
    build.onResolve({ filter: /validation\/ajv-provider\.js$/ }, () => ({ path: 'ajv-provider', namespace: 'mcp-without-ajv' }));
    build.onLoad({ filter: /.*/, namespace: 'mcp-without-ajv' }, () => ({
      contents: 'export class AjvJsonSchemaValidator { constructor() { throw new Error("JSON Schema validation is not bundled"); } }',
      loader: 'js',
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const shared = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
};

const builds = [
  { ...shared, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  {
    ...shared,
    entryPoints: ['src/sandboxCli.ts'],
    outfile: 'dist/sandbox.js',
    define: { 'process.env.WALLET_CONSOLE_VERSION': JSON.stringify(require('./package.json').version) },
  },
  // The MCP server and its SDK: loaded by dist/sandbox.js only with --mcp, never by the extension.
  { ...shared, entryPoints: ['src/agents/mcp/index.ts'], outfile: 'dist/mcp.js', plugins: [mcpWithoutAjv] },
  {
    ...shared,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: ['src/webview/media/main.ts'],
    outfile: 'media/dist/webview.js',
  },
];

/**
 * The sandbox's OpenAPI document, minified beside the bundles: read when asked for, never bundled
 * (src/sandbox/vocabulary/openapiDocument.ts); and the scenario file's JSON Schema, which VS Code validates
 * wallet-sandbox.json with (contributes.jsonValidation).
 */
function copyOpenApiDocument() {
  const fs = require('node:fs');
  fs.mkdirSync('dist', { recursive: true });
  fs.writeFileSync('dist/openapi.json', JSON.stringify(JSON.parse(fs.readFileSync('src/sandbox/vocabulary/openapi.json', 'utf8'))));
  fs.copyFileSync('src/sandbox/scenario/scenario.schema.json', 'dist/scenario.schema.json');
  // The wallet-sandbox package's Agent Skill, which Add Sandbox Skill for Coding Agents writes into a workspace.
  fs.copyFileSync('scripts/sandbox/package/SKILL.md', 'dist/SKILL.md');
}

async function main() {
  await buildCodicons();
  copyOpenApiDocument();
  const contexts = await Promise.all(
    builds.filter((options) => require('node:fs').existsSync(options.entryPoints[0])).map((options) => esbuild.context(options)),
  );
  if (watch) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}

// scripts/security/licenses.mjs reads the builds to list what each bundle holds.
module.exports = { builds };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
