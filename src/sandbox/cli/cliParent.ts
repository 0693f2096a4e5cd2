import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// The CLI ends when whoever started it ends (issue 37): a test harness killed with SIGKILL, a
// Python Popen whose program crashed, `kill $!` on npx. npx and `npm run` put npm and a shell in
// between and pass no signal on when they are killed, so the sandbox watches its whole launch
// chain: its parent, and under npm that shell, npm and the process that ran npm.

const POLL_MS = 500;

/** A process npm put between the launcher and the CLI: npm or npx itself, or the `sh -c` it runs a bin through. */
const NPM_GLUE = /(^|[\\/\s])(npm|npx)(\s|$)|npm-cli\.js|npx-cli\.js|^npm exec|^(\/bin\/)?(sh|bash|dash) -c /;

/** A process's parent and command line, by its pid. */
export interface ProcessTable {
  get(pid: number): { ppid: number; command: string } | undefined;
}

/** Linux's /proc answers for one process at once, with no process started. */
const PROC_TABLE: ProcessTable = {
  get(pid) {
    try {
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return Number.isInteger(ppid) ? { ppid, command } : undefined;
    } catch {
      return undefined;
    }
  },
};

/** Every process's parent and command line: /proc where there is one, else one `ps` (macOS); empty without either. */
export function readProcessTable(proc = existsSync('/proc/self/stat')): Promise<ProcessTable> {
  if (proc) return Promise.resolve(PROC_TABLE);
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'args='], { encoding: 'utf8', timeout: 2000 }, (error, stdout) => {
      const table = new Map<number, { ppid: number; command: string }>();
      for (const line of error ? [] : stdout.split('\n')) {
        const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
        if (match) table.set(Number(match[1]), { ppid: Number(match[2]), command: match[3] ?? '' });
      }
      resolve(table);
    });
  });
}

/**
 * The processes whose end ends the CLI: its parent and, when npm started it (npx, npm exec,
 * npm run), each process of npm's up to and including the one that ran npm. Only npm's case
 * reads the process table.
 */
export async function launchChain(env: NodeJS.ProcessEnv = process.env, table = () => readProcessTable()): Promise<number[]> {
  const chain = [process.ppid];
  if (!env['npm_execpath'] || process.platform === 'win32') return chain;
  const processes = await table();
  for (let depth = 0; depth < 4; depth++) {
    const parent = processes.get(chain[chain.length - 1] as number);
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
 * chain's first (reparented). Returns the cancel. The chain must be read before the CLI prints
 * anything: a launcher that acts on the ready line (kills npx) could end first, and a chain read
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
