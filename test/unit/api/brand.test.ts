// The extension's lazy bundles each hold their own copy of a class: a second copy of
// src/api/errors.ts (as dist/panel.js has) must still know the first copy's errors, or the panel
// would show "Something went wrong" for a plain "wrong password".
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { WalletApiError } from '../../../src/api/errors';
import { brandKey, carriesBrand } from '../../../src/api/brand';

/** The module loaded a second time, as another bundle holds it. */
function secondCopy<T>(request: string): T {
  const load = createRequire(__filename);
  const resolved = load.resolve(request);
  const first = load.cache[resolved];
  delete load.cache[resolved];
  try {
    return load(resolved) as T;
  } finally {
    load.cache[resolved] = first;
  }
}

const INIT = { kind: 'http', message: 'The server refused the password.', method: 'POST', path: '/v1/users/auth', status: 401 } as const;

describe('classes known across bundles', () => {
  it('a WalletApiError of another copy of the module is a WalletApiError here, and the other way round', () => {
    const copy = secondCopy<typeof import('../../../src/api/errors')>('../../../src/api/errors');
    assert.notEqual(copy.WalletApiError, WalletApiError, 'the test really has two copies of the class');
    assert.ok(new copy.WalletApiError(INIT) instanceof WalletApiError);
    assert.ok(new WalletApiError(INIT) instanceof copy.WalletApiError);
    assert.ok(copy.isAuthError(new WalletApiError(INIT)), 'the other copy’s helpers read it too');
  });

  it('nothing else passes for one: a plain Error, an object with the same fields, null, a string', () => {
    for (const value of [new Error(INIT.message), { ...INIT, name: 'WalletApiError' }, null, undefined, 'WalletApiError']) {
      assert.equal(value instanceof WalletApiError, false, String(value));
    }
  });

  it('the brand is per class name: one class’s brand does not pass for another', () => {
    const value = { [brandKey('UserFacingError')]: true };
    assert.ok(carriesBrand(value, brandKey('UserFacingError')));
    assert.equal(carriesBrand(value, brandKey('WalletApiError')), false);
    assert.equal(carriesBrand({ [brandKey('UserFacingError')]: 'yes' }, brandKey('UserFacingError')), false);
  });
});
