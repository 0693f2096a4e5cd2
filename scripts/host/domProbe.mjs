// Lets a host test look at the workbench the user sees (the Welcome page, say), which the
// extension host cannot reach: the test logs a query line, the launcher answers it from the
// page (Playwright) into a file in a folder both can read. test/host/support/workbenchDom.ts
// is the test side; the env var names the folder.
/* global document -- used only inside page.evaluate, which runs in the browser */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onShutdown } from './util.mjs';

export const DOM_QUERY_MARKER = 'WALLET_CONSOLE_DOM_QUERY ';
export const DOM_ANSWERS_ENV = 'WALLET_CONSOLE_DOM_ANSWERS';

/** A folder for the answers (removed at exit) and the handler for a host's console line. */
export function startDomProbe(page) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'wallet-console-dom-'));
  onShutdown(() => rmSync(folder, { recursive: true, force: true }));
  /** Answers `line` if it is a query; false if it is not one. */
  const handle = (line) => {
    if (!line.startsWith(DOM_QUERY_MARKER)) return false;
    const { id, selector } = JSON.parse(line.slice(DOM_QUERY_MARKER.length));
    if (!/^[\w-]+$/.test(String(id))) return true;
    void page
      .evaluate(
        (css) =>
          [...document.querySelectorAll(css)].map((element) => ({
            attributes: Object.fromEntries(element.getAttributeNames().map((name) => [name, element.getAttribute(name)])),
            text: (element.textContent ?? '').slice(0, 500),
          })),
        selector,
      )
      .then(
        (elements) => ({ elements }),
        (error) => ({ error: String(error?.message ?? error) }),
      )
      .then((answer) => {
        // Written whole, then renamed: the test never reads half an answer.
        const file = path.join(folder, `${id}.json`);
        writeFileSync(`${file}.part`, JSON.stringify(answer));
        renameSync(`${file}.part`, file);
      });
    return true;
  };
  return { folder, handle };
}
