// `npm run package:sandbox`: writes wallet-sandbox-<version>.tgz at the repository root, the
// sandbox as an npm package of its own (no runtime dependencies): the Node API bundled for
// CommonJS with an ES module beside it that re-exports it (one copy of the code), the CLI, type
// declarations, the OpenAPI document, the scenario JSON Schema, README and licence.
// test/package/ installs the tarball into an empty project and uses it from ESM, CommonJS and npx.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stage = path.join(root, 'out/wallet-sandbox');
const { version, license } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

rmSync(stage, { recursive: true, force: true });
mkdirSync(path.join(stage, 'dist'), { recursive: true });

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
};
await esbuild.build({
  ...shared,
  entryPoints: [path.join(root, 'src/sandbox/package/index.ts')],
  outfile: path.join(stage, 'dist/index.cjs'),
});
await esbuild.build({
  ...shared,
  entryPoints: [path.join(root, 'src/sandbox/package/bin.ts')],
  outfile: path.join(stage, 'dist/cli.cjs'),
  banner: { js: '#!/usr/bin/env node' },
});
writeFileSync(
  path.join(stage, 'dist/index.mjs'),
  "import sandbox from './index.cjs';\n\nexport const { startSandbox, connectSandbox, ConnectedSandbox, SandboxError, WalletSandbox, WalletNamespace, WalletNamespaces, SandboxWorld, ScenarioError, SandboxTimeoutError } = sandbox;\n",
);

// The bundle reads the OpenAPI document beside itself (src/sandbox/openapiDocument.ts).
writeFileSync(
  path.join(stage, 'dist/openapi.json'),
  JSON.stringify(JSON.parse(readFileSync(path.join(root, 'src/sandbox/openapi.json'), 'utf8'))),
);
cpSync(path.join(root, 'src/sandbox/openapi.json'), path.join(stage, 'openapi.json'));
cpSync(path.join(root, 'src/sandbox/scenario/scenario.schema.json'), path.join(stage, 'scenario.schema.json'));
cpSync(path.join(root, 'scripts/sandbox/package/README.md'), path.join(stage, 'README.md'));
cpSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));

// Declarations of the public API and what it names; nothing that imports a library.
const declarations = path.join(root, 'out/wallet-sandbox.tsconfig.json');
writeFileSync(
  declarations,
  JSON.stringify({
    compilerOptions: {
      declaration: true,
      emitDeclarationOnly: true,
      strict: true,
      skipLibCheck: true,
      target: 'ES2022',
      module: 'Node16',
      moduleResolution: 'Node16',
      lib: ['ES2022', 'esnext.disposable'],
      types: ['node'],
      // src, not src/sandbox: the sandbox imports the one masking module, src/masking/masking.ts.
      rootDir: path.join(root, 'src'),
      outDir: path.join(stage, 'types'),
    },
    files: [path.join(root, 'src/sandbox/package/index.ts')],
  }),
);
execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', declarations], { stdio: 'inherit' });

const manifest = {
  name: 'wallet-sandbox',
  version,
  description:
    'A local, stateful emulator of the Nigerian wallet-payment API for app tests and CI: ledger, virtual clock, webhooks, faults, scenarios.',
  license,
  // Where the README's links, the issue tracker and the source live (issue 37).
  repository: { type: 'git', url: 'git+https://github.com/wallet-console/wallet-console.git', directory: 'src/sandbox' },
  homepage: 'https://github.com/wallet-console/wallet-console/tree/main/scripts/sandbox/package#readme',
  bugs: { url: 'https://github.com/wallet-console/wallet-console/issues' },
  type: 'commonjs',
  engines: { node: '>=20.19.0' },
  main: './dist/index.cjs',
  types: './types/sandbox/package/index.d.ts',
  exports: {
    '.': { types: './types/sandbox/package/index.d.ts', import: './dist/index.mjs', require: './dist/index.cjs' },
    './openapi.json': './openapi.json',
    './scenario.schema.json': './scenario.schema.json',
    './package.json': './package.json',
  },
  bin: { 'wallet-sandbox': './dist/cli.cjs' },
  files: ['dist', 'types', 'openapi.json', 'scenario.schema.json', 'README.md', 'LICENSE'],
  keywords: ['wallet', 'payments', 'nigeria', 'sandbox', 'mock-server', 'testing', 'webhooks'],
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const packed = JSON.parse(execFileSync('npm', ['pack', stage, '--json', '--pack-destination', root], { encoding: 'utf8' }))[0];
console.log(`${packed.filename}: ${(packed.size / 1024).toFixed(1)} KB packed, ${packed.entryCount} files, no dependencies.`);
