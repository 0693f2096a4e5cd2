// Packages the extension as a .vsix (vsce runs `vscode:prepublish`, the production build).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMs, log, onShutdown, repoRoot, run } from './util.mjs';

/** Packages into a temp folder that is removed when the process ends; resolves with the file. */
export async function packageVsix() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-vsix-'));
  onShutdown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'wallet-console.vsix');
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  // The flags keep vsce from asking questions (no stdin in CI) while README, LICENSE and the
  // repository field are still being written.
  const result = await run(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', file],
    {
      cwd: repoRoot,
      timeoutMs: 5 * 60_000,
      label: 'vsce package',
    },
  );
  log(`Packaged the extension (${describeMs(result.ms)}).`);
  return file;
}
