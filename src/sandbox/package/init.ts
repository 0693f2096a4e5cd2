import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { STARTER_APP_KEY, starterFile } from './starter';

// `npx wallet-sandbox init [file]`: a starter scenario to edit, never over one that exists.

/** Writes the starter scenario; answers the exit code (0 written, 1 the file exists or cannot be written). */
export function runInit(args: string[], cwd = process.cwd(), say = (line: string) => console.log(line)): number {
  const file = path.resolve(cwd, args[0] ?? 'wallet-sandbox.json');
  const shown = path.relative(cwd, file) || file;
  try {
    writeFileSync(file, starterFile(), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EEXIST'
        ? `wallet sandbox: ${shown} exists already and is left as it is; edit it, or give init another file name.`
        : `wallet sandbox: could not write ${shown}: ${(error as Error).message}`,
    );
    return 1;
  }
  say(`Wrote ${shown}: a demo app (X-App-Key ${STARTER_APP_KEY}) and two wallets with fixed passcodes.`);
  say(`Start it with: npx wallet-sandbox --scenario ${shown}`);
  return 0;
}
