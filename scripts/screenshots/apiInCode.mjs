// The walkthrough's "Work with the API in your own code" picture: the step's own example
// (Wallet Console: Open Endpoint Example), with the CodeLenses above the balance call and the
// path's hover below it (the workbench runs with editor.hover.above off, make-all.mjs).
import { runCommand, settle } from '../host/workbench.mjs';
import { hoverOver } from './endpointHover.mjs';

const PATH = '/v1/users/balance';

/** The line of the call, its CodeLenses and the hover: what the picture is cropped to. */
export const API_IN_CODE_REGION = {
  selectors: [
    (page) => page.locator('.codelens-decoration', { hasText: 'Copy as cURL' }),
    (page) => page.locator('.view-line', { hasText: PATH }),
    '.monaco-hover:not(.hidden)',
  ],
  pad: 0,
  // Down to the hover's headers and answer, in a narrow column: the package's size budget
  // allows about 15 KB a picture.
  maxWidth: 500,
  maxHeight: 225,
};

export async function apiInCodePicture(page, shoot) {
  // The bottom panel (the development loop's Events) would leave the editor too short for the hover.
  await runCommand(page, 'View: Hide Panel').catch(() => page.keyboard.press('Escape'));
  await runCommand(page, 'Wallet Console: Open Endpoint Example');
  await page.locator('.codelens-decoration', { hasText: 'Copy as cURL' }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page, { quietMs: 800 });
  await hoverOver(page, PATH);
  await shoot('api-in-code', { walkthroughName: 'api-in-code', full: false, keepMouse: true });
}
