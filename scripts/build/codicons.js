// The codicon font and stylesheet for the panel pages, cut down to the icons they draw
// (src/webview/html/iconNames.ts): the whole font is 126 KB for some 500 icons, the pages use
// about twenty. media/dist is built, not committed.
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const subsetFont = require('subset-font');

/** The names in src/webview/html/iconNames.ts, read by running that (dependency-free) module. */
function webviewIconNames() {
  const [output] = esbuild.buildSync({ entryPoints: ['src/webview/html/iconNames.ts'], format: 'cjs', write: false }).outputFiles;
  const module = { exports: {} };
  new Function('module', 'exports', output.text)(module, module.exports);
  return module.exports.WEBVIEW_ICONS;
}

/** Each icon's code point, from the package's stylesheet (`.codicon-copy:before { content: "\ebcc" }`). */
function codePoints(css) {
  const points = new Map();
  for (const [, name, hex] of css.matchAll(/\.codicon-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"/g))
    points.set(name, parseInt(hex, 16));
  return points;
}

async function buildCodicons() {
  const from = path.dirname(require.resolve('@vscode/codicons/dist/codicon.css'));
  const points = codePoints(fs.readFileSync(`${from}/codicon.css`, 'utf8'));
  const names = webviewIconNames();
  const missing = names.filter((name) => !points.has(name));
  if (missing.length > 0)
    throw new Error(`src/webview/html/iconNames.ts names icons @vscode/codicons does not have: ${missing.join(', ')}`);

  const font = await subsetFont(
    fs.readFileSync(`${from}/codicon.ttf`),
    names.map((name) => String.fromCodePoint(points.get(name))).join(''),
    {
      targetFormat: 'truetype',
    },
  );
  const rules = names.map((name) => `.codicon-${name}:before { content: "\\${points.get(name).toString(16)}" }`);
  fs.mkdirSync('media/dist', { recursive: true });
  fs.writeFileSync('media/dist/codicon.ttf', font);
  fs.writeFileSync(
    'media/dist/codicon.css',
    [
      '/* @vscode/codicons (MIT, Microsoft), only the icons the panel pages draw. */',
      '@font-face { font-family: "codicon"; font-display: block; src: url("./codicon.ttf") format("truetype"); }',
      '.codicon[class*="codicon-"] { font: normal normal normal 16px/1 codicon; display: inline-block; text-decoration: none; text-rendering: auto; text-align: center; -webkit-font-smoothing: antialiased; user-select: none; }',
      ...rules,
      '',
    ].join('\n'),
  );
}

module.exports = { buildCodicons, webviewIconNames };
