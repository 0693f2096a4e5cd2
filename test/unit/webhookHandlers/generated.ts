// Writes the generated handlers to a temp folder whose node_modules is the repo's (express and
// its types resolve as in an app), and compiles the TypeScript ones with the repo's tsc.
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO = path.resolve(__dirname, '../../../..');
const TSC = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

const made: string[] = [];

export function tempProject(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wallet-webhook-${label}-`));
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  made.push(dir);
  return dir;
}

/** Removes every folder tempProject made (the symlinked node_modules is unlinked, not emptied). */
export function removeTempProjects(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

function writeTsconfig(dir: string, file: string, options: Record<string, unknown>): void {
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', skipLibCheck: true, ...options }, files: [file] }),
  );
}

function refused(file: string, error: unknown): Error {
  const { stdout, stderr } = error as { stdout?: string; stderr?: string };
  return new Error(`tsc --strict refused ${file}:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
}

/**
 * `tsc --strict` on one file with the given compiler options (a tsconfig in `dir`); throws
 * with tsc's report when it does not compile.
 */
export function compileStrict(dir: string, file: string, options: Record<string, unknown>): void {
  writeTsconfig(dir, file, options);
  try {
    execFileSync(process.execPath, [TSC, '-p', dir], { cwd: dir, encoding: 'utf8' });
  } catch (error) {
    throw refused(file, error);
  }
}

/** compileStrict without blocking the process (an extension host must stay responsive meanwhile). */
export async function compileStrictAsync(dir: string, file: string, options: Record<string, unknown>): Promise<void> {
  writeTsconfig(dir, file, options);
  // ELECTRON_RUN_AS_NODE: in a desktop extension host process.execPath is VS Code's Electron.
  const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [TSC, '-p', dir], { cwd: dir, encoding: 'utf8', env }, (error, stdout, stderr) =>
      error ? reject(refused(file, Object.assign(error, { stdout, stderr }))) : resolve(),
    );
  });
}
