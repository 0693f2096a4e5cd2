import * as assert from 'node:assert/strict';
import { formatClockTime, formatDateTime } from '../../../src/common/formatTime';

const AT = Date.UTC(2021, 2, 4, 10, 20, 30);
const ISO = '2024-03-01T10:05:00.000Z';

describe('common/formatTime', () => {
  it('formats hours and minutes in the given locale, from epoch milliseconds or a Date', () => {
    const expected = new Date(AT).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    assert.equal(formatClockTime(AT, 'en-GB'), expected);
    assert.equal(formatClockTime(new Date(AT), 'en-GB'), expected);
    assert.doesNotMatch(formatClockTime(AT, 'en-GB'), /:\d\d:\d\d/, 'no seconds');
  });

  it('formats date and time to the second, or to the minute', () => {
    const date = new Date(AT);
    assert.equal(
      formatDateTime(date, 'en-GB'),
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(date),
    );
    assert.equal(
      formatDateTime(date, 'en-GB', 'minutes'),
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    );
  });

  it('formats an ISO string in the locale asked for, and gives back text that is not a date unchanged', () => {
    const expected = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ISO));
    assert.equal(formatDateTime(ISO, 'en-GB', 'minutes'), expected);
    assert.notEqual(formatDateTime(ISO, 'de'), formatDateTime(ISO, 'en-US'), 'the locale matters');
    assert.equal(formatDateTime('yesterday-ish'), 'yesterday-ish');
  });

  it('falls back to the runtime’s locale for one Intl does not know, instead of throwing', () => {
    assert.equal(formatClockTime(AT, 'not a locale!!'), formatClockTime(AT));
    assert.equal(formatDateTime(AT, 'not a locale!!'), formatDateTime(AT));
  });
});
