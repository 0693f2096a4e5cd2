// Looks at the workbench the user sees, which the extension host cannot reach: logs a query
// that the launcher (scripts/host/domProbe.mjs) answers from the page into a file. Only the
// browser launcher answers; elsewhere (desktop VS Code) `workbenchDomAvailable()` is false.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { waitFor } from './waitFor';

const DOM_QUERY_MARKER = 'WALLET_CONSOLE_DOM_QUERY ';
const answers = process.env.WALLET_CONSOLE_DOM_ANSWERS;
let next = 0;

export interface WorkbenchElement {
  attributes: Record<string, string>;
  text: string;
}

export function workbenchDomAvailable(): boolean {
  return !!answers && !!process.env.WALLET_CONSOLE_TEST_TAG;
}

/** Every element of the workbench page that matches the CSS `selector`, as it is now. */
export async function queryWorkbench(selector: string): Promise<WorkbenchElement[]> {
  if (!workbenchDomAvailable()) throw new Error('No workbench DOM probe in this host (run through scripts/host/run-tests.mjs).');
  const id = `q${process.pid}-${next++}`;
  // The launcher reads the extension host's console lines that carry the test tag.
  console.log(`${process.env.WALLET_CONSOLE_TEST_TAG}${DOM_QUERY_MARKER}${JSON.stringify({ id, selector })}`);
  const file = path.join(answers!, `${id}.json`);
  await waitFor(`the launcher to answer the workbench query ${selector}`, () => existsSync(file));
  const answer = JSON.parse(readFileSync(file, 'utf8')) as { elements?: WorkbenchElement[]; error?: string };
  rmSync(file, { force: true });
  if (answer.error) throw new Error(`Workbench query ${selector} failed: ${answer.error}`);
  return answer.elements ?? [];
}
