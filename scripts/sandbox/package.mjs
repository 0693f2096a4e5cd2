// `npm run package:sandbox`: writes wallet-sandbox-<version>.tgz at the repository root, the
// sandbox as an npm package of its own (no runtime dependencies): the Node API bundled for
// CommonJS with an ES module beside it that re-exports it (one copy of the code), the CLI, one
// rolled-up index.d.ts of the public API (dts-bundle-generator, a devDependency), the OpenAPI
// document, the scenario JSON Schema, README, the Agent Skill (SKILL.md) and licence.
// test/unit/sandbox/package*.test.ts install the tarball into an empty project and use it from ESM,
// CommonJS, strict TypeScript, npx, node:test, Vitest, Jest, Python and Go.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
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
  define: { WALLET_SANDBOX_VERSION: JSON.stringify(version) },
});
// The ES module re-exports every name the bundle exports: index.ts is the one list.
const exported = Object.keys(createRequire(import.meta.url)(path.join(stage, 'dist/index.cjs'))).sort();
writeFileSync(
  path.join(stage, 'dist/index.mjs'),
  `import sandbox from './index.cjs';\n\nexport const { ${exported.join(', ')} } = sandbox;\n`,
);

/** The repository's documents, named by a full URL: the package ships none of them. */
const REPOSITORY = 'https://github.com/wallet-console/wallet-console/blob/main';
const linkDocs = (text) => text.replace(/(?<![\w/.])docs\/([\w-]+\.md)/g, `${REPOSITORY}/docs/$1`);
const shipped = (from, to, transform = (text) => text) =>
  writeFileSync(path.join(stage, to), transform(readFileSync(path.join(root, from), 'utf8')));

// Shipped once, at the package's root where users and agents read it; the bundle in dist/ finds
// it there (src/sandbox/vocabulary/openapiDocument.ts).
shipped('src/sandbox/vocabulary/openapi.json', 'openapi.json', linkDocs);
shipped('src/sandbox/scenario/scenario.schema.json', 'scenario.schema.json', linkDocs);
cpSync(path.join(root, 'scripts/sandbox/package/README.md'), path.join(stage, 'README.md'));
cpSync(path.join(root, 'scripts/sandbox/package/SKILL.md'), path.join(stage, 'SKILL.md'));
cpSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));

// One index.d.ts of the public API: what index.ts exports and what that names, nothing marked
// @internal (stripInternal), no import of another package. Checked against strict TypeScript in
// an empty project by test/unit/sandbox/packageTypes.test.ts.
const declarations = path.join(root, 'out/wallet-sandbox.tsconfig.json');
writeFileSync(
  declarations,
  JSON.stringify({
    compilerOptions: {
      strict: true,
      stripInternal: true,
      target: 'ES2022',
      module: 'Node16',
      moduleResolution: 'Node16',
      lib: ['ES2022', 'esnext.disposable'],
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
    },
    files: [path.join(root, 'src/sandbox/package/index.ts')],
  }),
);
mkdirSync(path.join(stage, 'types'));
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js'),
    '--silent',
    '--no-banner',
    '--no-check',
    '--project',
    declarations,
    '--out-file',
    path.join(stage, 'types/index.d.ts'),
    path.join(root, 'src/sandbox/package/index.ts'),
  ],
  { stdio: 'inherit' },
);
const rolledUp = path.join(stage, 'types/index.d.ts');
// `[Symbol.asyncDispose]` (await using) needs the disposable lib, which a project on an older
// target leaves out: the declarations bring it, so they check with any lib and no @types.
writeFileSync(rolledUp, `/// <reference lib="esnext.disposable" />\n${linkDocs(readFileSync(rolledUp, 'utf8'))}`);

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
  types: './types/index.d.ts',
  exports: {
    '.': { types: './types/index.d.ts', import: './dist/index.mjs', require: './dist/index.cjs' },
    './openapi.json': './openapi.json',
    './scenario.schema.json': './scenario.schema.json',
    './package.json': './package.json',
  },
  bin: { 'wallet-sandbox': './dist/cli.cjs' },
  files: ['dist', 'types', 'openapi.json', 'scenario.schema.json', 'README.md', 'SKILL.md', 'LICENSE'],
  keywords: ['wallet', 'payments', 'nigeria', 'sandbox', 'mock-server', 'testing', 'webhooks'],
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const packed = JSON.parse(execFileSync('npm', ['pack', stage, '--json', '--pack-destination', root], { encoding: 'utf8' }))[0];
console.log(`${packed.filename}: ${(packed.size / 1024).toFixed(1)} KB packed, ${packed.entryCount} files, no dependencies.`);
