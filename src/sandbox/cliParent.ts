import { execFileSync } from 'node:child_process';

// The CLI ends when whoever started it ends (issue 37): a test harness killed with SIGKILL, a
// Python Popen whose program crashed, `kill $!` on npx. npx and `npm run` put npm and a shell in
// between and pass no signal on when they are killed, so the sandbox watches its whole launch
// chain: its parent, and under npm that shell, npm and the process that ran npm.

const POLL_MS = 500;

/** A process npm put between the launcher and the CLI: npm or npx itself, or the `sh -c` it runs a bin through. */
const NPM_GLUE = /(^|[\\/\s])(npm|npx)(\s|$)|npm-cli\.js|npx-cli\.js|^npm exec|^(\/bin\/)?(sh|bash|dash) -c /;

/** The parent of `pid` and its command line, by `ps` (Linux, macOS); undefined where there is none. */
function parentOf(pid: number): { ppid: number; command: string } | undefined {
  try {
    const line = execFileSync('ps', ['-o', 'ppid=', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { ppid: Number(match[1]), command: match[2] ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The processes whose end ends the CLI: its parent and, when npm started it (npx, npm exec,
 * npm run), each process of npm's up to and including the one that ran npm.
 */
export function launchChain(env: NodeJS.ProcessEnv = process.env, lookUp = parentOf): number[] {
  const chain = [process.ppid];
  if (!env['npm_execpath'] || process.platform === 'win32') return chain;
  for (let depth = 0; depth < 4; depth++) {
    const pid = chain[chain.length - 1] as number;
    const parent = lookUp(pid);
    if (!parent || parent.ppid <= 1 || !NPM_GLUE.test(parent.command)) break;
    chain.push(parent.ppid);
  }
  return chain;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it is there, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Calls `stop` once any process of the launch chain has ended, or the parent is no longer the
 * chain's first (reparented). Returns the cancel. The chain must be read before the CLI says it is
 * ready: a launcher that acts on the ready line (kills npx) could end first, and a chain read
 * after that would be init's, which never ends.
 */
export function endWithLauncher(stop: () => void, chain: readonly number[]): () => void {
  const parent = chain[0];
  const timer = setInterval(() => {
    if (process.ppid !== parent || !chain.every(alive)) {
      clearInterval(timer);
      stop();
    }
  }, POLL_MS);
  // The sandbox's server keeps the process alive; this watch must not.
  timer.unref();
  return () => clearInterval(timer);
}
