// Durations as people type them for the sandbox clock: "90s", "5 min", "1h30m", "2 days".

import * as l10n from '@vscode/l10n';
import type { Validation } from '../api';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const PART = /(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d)/gy;
/** The clock moves at most a year at a time: more is a typo. */
export const MAX_ADVANCE_SECONDS = 366 * 86_400;

/** Whole seconds from "5m", "1 h 30 min", "2 days"; a bare number is minutes. */
export function parseDuration(text: string): Validation<number> {
  const input = typeof text === 'string' ? text.trim().toLowerCase() : '';
  if (/^\d+(\.\d+)?$/.test(input)) return checked(Number(input) * 60);
  let seconds = 0;
  let at = 0;
  PART.lastIndex = 0;
  while (at < input.length) {
    PART.lastIndex = at;
    const match = PART.exec(input);
    if (!match) return { ok: false, message: l10n.t('Enter a duration such as 90s, 5 min, 1h30m or 2 days.') };
    seconds += Number(match[1]) * (UNIT_SECONDS[match[2]!.charAt(0)] as number);
    at = PART.lastIndex;
    while (input[at] === ' ' || input[at] === ',') at++;
  }
  return input === '' ? { ok: false, message: l10n.t('Enter a duration such as 90s, 5 min, 1h30m or 2 days.') } : checked(seconds);
}

function checked(seconds: number): Validation<number> {
  const whole = Math.round(seconds);
  if (whole < 1) return { ok: false, message: l10n.t('Enter at least one second.') };
  if (whole > MAX_ADVANCE_SECONDS) return { ok: false, message: l10n.t('The clock moves at most a year at a time.') };
  return { ok: true, value: whole };
}

/** 90 -> "1 min 30 s", 86400 -> "1 day". */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [unit, size] of [
    ['day', 86_400],
    ['h', 3600],
    ['min', 60],
    ['s', 1],
  ] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(unit === 'day' ? `${count} ${count === 1 ? 'day' : 'days'}` : `${count} ${unit}`);
  }
  return parts.length > 0 ? parts.join(' ') : '0 s';
}
