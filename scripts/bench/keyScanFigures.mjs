// The linter group of `npm run bench`: the key scan of a 5,000-line file, which runs as the user
// types (issue 16: <= 5 ms).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../host/util.mjs';

export async function keyScanFigures(figures) {
  const module = await import(pathToFileURL(path.join(repoRoot, 'out', 'test', 'bench', 'keyScan.js')).href);
  const { measureKeyScan } = module.default ?? module;
  const report = measureKeyScan();
  figures.add({
    group: 'linter',
    name: `Key scan of a ${report.lines.toLocaleString('en-US')}-line file with ${report.keys} keys (median of ${report.runs})`,
    value: report.withKeysMs,
    unit: 'ms',
    budget: { op: '<=', limit: 5 },
    detail: report,
  });
}
