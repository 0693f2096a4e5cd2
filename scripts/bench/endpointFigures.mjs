// The endpoints group of `npm run bench`: hover and completion (p95 <= 5 ms) and the check of a
// 5,000-line file (median <= 20 ms, as the key scan; its p95 beside it) of the endpoint
// intelligence (issue 28), in plain Node.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../host/util.mjs';

export async function endpointFigures(figures) {
  const module = await import(pathToFileURL(path.join(repoRoot, 'out', 'test', 'bench', 'endpointIntelligence.js')).href);
  const { measureEndpointIntelligence } = module.default ?? module;
  const report = measureEndpointIntelligence();
  const file = `a ${report.lines.toLocaleString('en-US')}-line file`;
  const add = (name, value, limit) =>
    figures.add({ group: 'endpoints', name, value, unit: 'ms', ...(limit ? { budget: { op: '<=', limit } } : {}), detail: report });
  add(`Endpoint hover on ${file} (p95 of ${report.runs})`, report.hoverP95Ms, 5);
  add(`Endpoint path completion on ${file} (p95)`, report.completionP95Ms, 5);
  add(
    `Endpoint checks of ${file} with ${report.paths.toLocaleString('en-US')} paths (median of ${report.runs})`,
    report.diagnosticsMedianMs,
    20,
  );
  add(`Endpoint checks of ${file} (p95)`, report.diagnosticsP95Ms);
  add('Endpoint catalog from the OpenAPI document (once, on first use)', report.catalogMs);
}
