import * as assert from 'node:assert/strict';
import { exportedApi, type TestHooks } from '../../src/extensionApi';

describe('the API activate() hands to other extensions', () => {
  const hooks = () =>
    ({
      accounts: {},
      views: {},
      sandboxUrl: async () => 'http://127.0.0.1:1',
      setUserInput: () => undefined,
      storagePaths: { globalStorage: '/g', logs: '/l' },
    }) as unknown as TestHooks;

  it('outside extension tests carries timings only: nothing that reaches SecretStorage', () => {
    let started = false;
    const api = exportedApi(false, 3.5, () => started, hooks);
    assert.deepEqual(Object.keys(api).sort(), ['activationMs', 'sandboxStarted', 'sandboxStartedAtActivation']);
    assert.equal(api.activationMs, 3.5);
    assert.equal(api.sandboxStarted, false);
    started = true;
    assert.equal(api.sandboxStarted, true, 'read live, not copied at activation');
    assert.equal(api.sandboxStartedAtActivation, false, 'as it was when activate() returned');
  });

  it('in extension tests adds the hooks the host tests drive', () => {
    const api = exportedApi(true, 1, () => false, hooks);
    assert.deepEqual(Object.keys(api).sort(), [
      'accounts',
      'activationMs',
      'sandboxStarted',
      'sandboxStartedAtActivation',
      'sandboxUrl',
      'setUserInput',
      'storagePaths',
      'views',
    ]);
    assert.equal(api.activationMs, 1);
  });
});
