// The event page's live parts, redrawn in place when the host sends 'eventLive' (a new attempt,
// a new state): the state badge, the summary and the attempts list. Built from elements and
// text only, like the rest of the page script. Attempts already on the page are kept as they
// are (an attempt never changes once made), so focus, selection and scroll stay where they were.

import type { DetailField } from '../html/transactionDetail';
import type { AttemptView, EventLive } from '../protocol';

/** A field list as html/parts.ts draws it. */
function fieldListElement(fields: readonly DetailField[], id: string): HTMLDListElement {
  const list = document.createElement('dl');
  list.className = 'fields';
  list.id = id;
  for (const field of fields) {
    const row = document.createElement('div');
    row.className = 'field-row';
    const term = document.createElement('dt');
    term.textContent = field.label;
    const value = document.createElement('dd');
    if (field.mono) value.className = 'mono';
    if (field.datetime) {
      const time = document.createElement('time');
      time.dateTime = field.datetime;
      time.textContent = field.value;
      value.append(time);
    } else {
      value.append(field.value);
    }
    if (field.exact) {
      const exact = document.createElement('span');
      exact.className = 'exact';
      exact.textContent = field.exact;
      value.append(exact);
    }
    row.append(term, value);
    list.append(row);
  }
  return list;
}

/** One attempt as html/eventPage.ts draws it. */
function attemptElement(attempt: AttemptView): HTMLElement {
  const heading = `attempt-${attempt.number}`;
  const section = document.createElement('section');
  section.className = 'attempt';
  section.setAttribute('aria-labelledby', heading);
  section.dataset.attempt = String(attempt.number);
  const title = document.createElement('h3');
  title.id = heading;
  title.textContent = attempt.heading;
  section.append(title, fieldListElement(attempt.fields, `${heading}-fields`));
  if (attempt.excerpt) {
    const answer = document.createElement('pre');
    answer.className = 'mono code';
    answer.tabIndex = 0;
    answer.setAttribute('aria-label', attempt.excerptLabel);
    answer.textContent = attempt.excerpt;
    section.append(answer);
  } else {
    const none = document.createElement('p');
    none.className = 'hint';
    none.textContent = attempt.noBody;
    section.append(none);
  }
  return section;
}

/**
 * Redraws the live parts of an event page; returns what to announce (the newest new attempt),
 * or undefined when there is nothing new or this is not an event page.
 */
export function applyEventLive(live: EventLive): string | undefined {
  const list = document.getElementById('attempts');
  if (!list) return undefined;

  const stateLabel = document.getElementById('event-state-label');
  if (stateLabel) stateLabel.textContent = live.stateLabel;
  const stateIcon = document.querySelector('#event-state .codicon');
  if (stateIcon && /^[a-z0-9-]+$/.test(live.stateIcon)) stateIcon.className = `codicon codicon-${live.stateIcon}`;
  document.getElementById('summary')?.replaceWith(fieldListElement(live.summary, 'summary'));
  const heading = document.getElementById('attempts-heading');
  if (heading) heading.textContent = live.attemptsHeading;
  const empty = document.getElementById('attempts-empty');
  if (empty) empty.hidden = live.attempts.length > 0;

  const drawn = new Map<string, Element>();
  for (const section of Array.from(list.children)) {
    if (section instanceof HTMLElement && section.dataset.attempt) drawn.set(section.dataset.attempt, section);
  }
  const wanted = new Set(live.attempts.map((attempt) => String(attempt.number)));
  for (const [number, section] of drawn) if (!wanted.has(number)) section.remove();
  let announcement: string | undefined;
  // In order, inserting only what is new: the sections already drawn are never moved.
  live.attempts.forEach((attempt, index) => {
    let section = drawn.get(String(attempt.number));
    if (!section) {
      section = attemptElement(attempt);
      announcement ??= attempt.announcement;
    }
    const at = list.children[index];
    if (at !== section) list.insertBefore(section, at ?? null);
  });
  return announcement;
}
