import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { qualifiedStepId, walkthroughSteps } from '../../../src/walkthrough/steps';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  contributes: {
    walkthroughs: { id: string; steps: { id: string; completionEvents: string[]; media: { image?: unknown } }[] }[];
  };
};
const extensionId = `${manifest.publisher}.${manifest.name}`;
const walkthroughId = manifest.contributes.walkthroughs[0]!.id;

describe('walkthroughSteps', () => {
  it('maps each completion event of the manifest to the steps it completes, by their qualified ids', () => {
    const steps = walkthroughSteps(extensionId, manifest);
    for (const step of manifest.contributes.walkthroughs[0]!.steps) {
      for (const event of step.completionEvents) {
        assert.ok(steps.completedBy(event).includes(qualifiedStepId(extensionId, walkthroughId, step.id)), `${event} completes ${step.id}`);
      }
    }
    assert.deepEqual(steps.completedBy('onContext:walletConsole.signedIn'), [
      `wallet-console.wallet-console#walletConsole.gettingStarted#signUp`,
    ]);
    assert.deepEqual(steps.completedBy('onCommand:walletConsole.nothing'), []);
  });

  it('lists a step once per event, and one event for several steps', () => {
    const steps = walkthroughSteps('pub.ext', {
      contributes: {
        walkthroughs: [
          {
            id: 'w',
            steps: [
              { id: 'a', completionEvents: ['onCommand:x', 'onCommand:x'] },
              { id: 'b', completionEvents: ['onCommand:x', 'onView:v'] },
            ],
          },
        ],
      },
    });
    assert.deepEqual(steps.completedBy('onCommand:x'), ['pub.ext#w#a', 'pub.ext#w#b']);
    assert.deepEqual([...steps.events].sort(), ['onCommand:x', 'onView:v']);
  });

  it('skips what is malformed instead of failing activation', () => {
    for (const broken of [undefined, {}, { contributes: { walkthroughs: {} } }, { contributes: { walkthroughs: [{ id: 1 }] } }]) {
      assert.deepEqual(walkthroughSteps('pub.ext', broken).events, []);
    }
    const steps = walkthroughSteps('pub.ext', {
      contributes: {
        walkthroughs: [{ id: 'w', steps: [{ id: 'a', completionEvents: [3, 'onView:v'] }, { completionEvents: ['onView:u'] }] }],
      },
    });
    assert.deepEqual(steps.events, ['onView:v']);
  });
});

describe('walkthrough pictures (issue 25)', () => {
  it('every step has a light and a dark picture, each file present, so none is dark in a light theme', () => {
    for (const step of manifest.contributes.walkthroughs[0]!.steps) {
      const image = step.media.image as Record<string, string>;
      assert.equal(typeof image, 'object', `${step.id}: one picture for every theme`);
      assert.deepEqual(Object.keys(image).sort(), ['dark', 'hc', 'hcLight', 'light'], step.id);
      assert.match(image.light!, /-light\.webp$/, `${step.id}: light themes get the light picture`);
      assert.match(image.hcLight!, /-light\.webp$/, `${step.id}: light high contrast gets the light picture`);
      assert.match(image.dark!, /-dark\.webp$/, step.id);
      assert.match(image.hc!, /-dark\.webp$/, step.id);
      for (const file of Object.values(image)) assert.ok(existsSync(path.join(repoRoot, file)), `${file} exists`);
    }
  });
});

describe('walkthrough header (issue 55)', () => {
  it('its description fits the three short lines VS Code gives it, so it is never cut to "…then a…"', () => {
    const words = JSON.parse(readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const description = words['walkthrough.description']!;
    // VS Code's walkthrough page clamps the description to three lines of its narrow column (about 21
    // characters a line at 1400 px): 63 characters of the old one showed, the rest was an ellipsis.
    assert.ok(description.length <= 56, `${description.length} characters: ${description}`);
    assert.match(description, /\.$/, 'a whole sentence');
  });
});
