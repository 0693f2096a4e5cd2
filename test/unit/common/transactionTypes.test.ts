import * as assert from 'node:assert/strict';
import { TRANSACTION_TYPES } from '../../../src/api';
import { transactionTypeIcon, transactionTypeLabel, type L10n } from '../../../src/common/transactionTypes';

const marked: L10n = { t: (message) => `«${message}»` };

describe('common: transaction types', () => {
  it('gives every type the API knows a translated label and its own icon', () => {
    for (const type of TRANSACTION_TYPES) {
      assert.match(transactionTypeLabel(type, marked), /^«.+»$/, `${type} goes through l10n`);
      assert.notEqual(transactionTypeIcon(type), 'circle-outline', `${type} has an icon`);
    }
    assert.equal(new Set(TRANSACTION_TYPES.map((type) => transactionTypeLabel(type, marked))).size, TRANSACTION_TYPES.length);
  });

  it('shows an unknown type as the server sent it, with a neutral icon', () => {
    assert.equal(transactionTypeLabel('crypto', marked), 'crypto');
    assert.equal(transactionTypeIcon('crypto'), 'circle-outline');
    assert.equal(transactionTypeIcon('toString'), 'circle-outline', 'no inherited property counts as a type');
  });
});
