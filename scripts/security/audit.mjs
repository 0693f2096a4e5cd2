#!/usr/bin/env node
// `npm audit --omit=dev` for the production dependencies, with a clear verdict:
//   exit 0  audited, no known vulnerability
//   exit 1  vulnerabilities found (listed)
//   exit 2  the audit could not run (registry or its audit endpoint unreachable, or npm
//           failed): says so, and never counts as clean
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function runAudit() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, npm_config_fund: 'false' },
  });
  if (result.error) return { verdict: 'unreachable', reason: `npm could not be run: ${result.error.message}` };
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    return {
      verdict: 'unreachable',
      reason: `npm audit gave no JSON (exit ${result.status}): ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' ')}`,
    };
  }
  if (report.error || report.statusCode || report.message) {
    const detail = report.error?.summary || report.message || report.error?.code || 'unknown error';
    return { verdict: 'unreachable', reason: `the registry's audit endpoint did not answer with an audit: ${detail}` };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) return { verdict: 'unreachable', reason: 'npm audit answered without a vulnerability count' };
  const total = Object.values(counts).reduce((sum, n) => sum + (typeof n === 'number' ? n : 0), 0) - (counts.total ?? 0);
  const dependencies = report.metadata?.dependencies?.prod ?? report.metadata?.dependencies?.total;
  if (total === 0) return { verdict: 'clean', reason: `${dependencies ?? '?'} production dependencies audited, 0 known vulnerabilities` };
  const found = Object.values(report.vulnerabilities ?? {}).map(
    (entry) => `${entry.name} (${entry.severity}${entry.range ? `, ${entry.range}` : ''})`,
  );
  return { verdict: 'vulnerable', reason: `${total} known vulnerabilities: ${found.join(', ')}` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { verdict, reason } = runAudit();
  const label = {
    clean: 'npm audit --omit=dev: clean',
    vulnerable: 'npm audit --omit=dev: VULNERABLE',
    unreachable: 'npm audit --omit=dev: NOT RUN',
  }[verdict];
  (verdict === 'clean' ? process.stdout : process.stderr).write(`${label}: ${reason}\n`);
  process.exit(verdict === 'clean' ? 0 : verdict === 'vulnerable' ? 1 : 2);
}
