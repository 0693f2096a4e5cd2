// The endpoints group of `npm run bench`: what the endpoint intelligence (issue 28) makes a user
// wait for in a 5,000-line file, in plain Node: a hover and a path completion (p95 <= 5 ms) and
// the checks run as the user types (median <= 20 ms).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../host/util.mjs';

export async function endpointFigures(figures) {
  const module = await import(pathToFileURL(path.join(repoRoot, 'out', 'test', 'bench', 'endpointIntelligence.js')).href);
  const { measureEndpointIntelligence } = module.default ?? module;
  const report = measureEndpointIntelligence();
  const file = `a ${report.lines.toLocaleString('en-US')}-line file`;
  const add = (name, value, limit) =>
    figures.add({ group: 'endpoints', name, value, unit: 'ms', budget: { op: '<=', limit }, detail: report });
  add(`Endpoint hover on ${file} (p95 of ${report.runs})`, report.hoverP95Ms, 5);
  add(`Endpoint path completion on ${file} (p95)`, report.completionP95Ms, 5);
  add(
    `Endpoint checks of ${file} with ${report.paths.toLocaleString('en-US')} paths (median of ${report.runs})`,
    report.diagnosticsMedianMs,
    20,
  );
}
