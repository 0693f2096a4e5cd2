import * as assert from 'node:assert/strict';
import { TRANSACTION_TYPES } from '../../../src/api';
import * as l10n from '@vscode/l10n';
import { transactionTypeIcon, transactionTypeLabel } from '../../../src/common/transactionTypes';

const LABELS = ['Bank transfer', 'Phone transfer', 'Bill payment', 'BVN check', 'Airtime (VTU)'];

describe('common: transaction types', () => {
  // A bundle that marks each label, so a label that skips l10n shows up unmarked.
  before(() => l10n.config({ contents: Object.fromEntries(LABELS.map((label) => [label, `«${label}»`])) }));
  after(() => l10n.config({ contents: {} }));

  it('gives every type the API knows a translated label and its own icon', () => {
    for (const type of TRANSACTION_TYPES) {
      assert.match(transactionTypeLabel(type), /^«.+»$/, `${type} goes through l10n`);
      assert.notEqual(transactionTypeIcon(type), 'circle-outline', `${type} has an icon`);
    }
    assert.equal(new Set(TRANSACTION_TYPES.map((type) => transactionTypeLabel(type))).size, TRANSACTION_TYPES.length);
  });

  it('shows an unknown type as the server sent it, with a neutral icon', () => {
    assert.equal(transactionTypeLabel('crypto'), 'crypto');
    assert.equal(transactionTypeIcon('crypto'), 'circle-outline');
    assert.equal(transactionTypeIcon('toString'), 'circle-outline', 'no inherited property counts as a type');
  });
});
