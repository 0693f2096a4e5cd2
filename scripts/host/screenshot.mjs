#!/usr/bin/env node
// Takes a PNG of VS Code with Wallet Console loaded, the way a person would see it.
//
//   npm run screenshot -- --out docs/images/views.png
//       [--theme "Default Light Modern"] [--width 1400 --height 900]
//       [--command "Wallet Console: Show Log"]...   palette commands to run, in order
//       [--setup scripts/my-steps.mjs]             module whose default export is
//                                                  async (page, workbench) => {...}
//       [--no-activity]                            do not click the Wallet Console icon
//       [--wait 1500]                              extra milliseconds before the picture
//       [--source]                                 load the extension from source, not a .vsix
//                                                  (the title then says Extension Development Host)
//
// The building blocks (startWorkbench, runCommand, fillInput, pickItem, clickActivity,
// settle) are in scripts/host/workbench.mjs for scripted multi-step flows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HostError, endRun, log, parseArgs, repoRoot, run } from './util.mjs';
import { startWorkbench } from './workbench.mjs';

async function main() {
  const options = parseArgs(process.argv.slice(2), { repeatable: ['command'], flags: ['no-activity', 'source'] });
  if (!options.out)
    throw new HostError(
      'Usage: npm run screenshot -- --out <file.png> [--theme <name>] [--width N --height N] [--command <title>]... [--setup <module>]',
    );
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.out);
  const width = Number(options.width ?? 1400);
  const height = Number(options.height ?? 900);

  const source = Boolean(options.source);
  // The packaged extension by default (vsce builds it); --source loads this checkout instead.
  if (source) await run('npm', ['run', '-s', 'build'], { cwd: repoRoot, label: 'npm run build', timeoutMs: 5 * 60_000 });
  const workbench = await startWorkbench({ extension: source ? 'source' : 'vsix', width, height, theme: options.theme });
  const { page } = workbench;
  if (!options['no-activity']) {
    const clicked = await workbench.clickActivity('Wallet Console', { timeoutMs: 20_000 });
    log(clicked ? 'Opened the Wallet Console view.' : 'No Wallet Console icon in the activity bar; taking the picture anyway.');
  }
  await workbench.settle();
  for (const title of options.command ?? []) {
    log(`Running "${title}".`);
    await workbench.runCommand(title);
    await workbench.settle();
  }
  if (options.setup) {
    const module = await import(pathToFileURL(path.resolve(process.env.INIT_CWD ?? process.cwd(), options.setup)).href);
    const steps = module.default ?? module.setup;
    if (typeof steps !== 'function') throw new HostError(`${options.setup} must export a default async function (page, workbench).`);
    log(`Running the steps in ${options.setup}.`);
    await steps(page, workbench);
    await workbench.settle();
  }
  await page.waitForTimeout(Number(options.wait ?? 500));
  mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  log(`Wrote ${out} (${width}x${height}).`);
  await workbench.close();
  return 0;
}

endRun(main());
