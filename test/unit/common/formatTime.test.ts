import * as assert from 'node:assert/strict';
import { formatClockTime, formatDateTime } from '../../../src/common/formatTime';

describe('common: formatTime', () => {
  const iso = '2024-03-01T10:05:00.000Z';

  it('formats a date and time in the locale asked for, as Intl does', () => {
    const expected = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    assert.equal(formatDateTime(iso, 'en-GB'), expected);
    assert.match(formatDateTime(iso, 'en-GB'), /2024/);
    assert.notEqual(formatDateTime(iso, 'de'), formatDateTime(iso, 'en-US'), 'the locale matters');
  });

  it('gives back text that is not a date unchanged', () => {
    assert.equal(formatDateTime('yesterday-ish'), 'yesterday-ish');
  });

  it('falls back to the runtime locale for a tag Intl refuses', () => {
    assert.equal(formatDateTime(iso, 'not a locale!'), formatDateTime(iso));
  });

  it('says the time of day in hours and minutes', () => {
    const at = Date.parse(iso);
    assert.equal(formatClockTime(at, 'en-GB'), new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }));
    assert.doesNotMatch(formatClockTime(at, 'en-GB'), /:\d\d:\d\d/, 'no seconds');
  });
});
