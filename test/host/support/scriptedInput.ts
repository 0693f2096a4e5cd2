import * as assert from 'node:assert/strict';
import type { AskOptions, ConfirmOptions, PickItem, PickOptions, UserInput } from '../../../src/common/userInput';

/** Dismisses the prompt, as Escape would. */
export const CANCEL = Symbol('cancel');
/** Presses Enter: a quick pick takes its first item, a modal question its first button (see UserInput.confirm). */
export const DEFAULT = Symbol('default');

export type AskAnswer = string | typeof CANCEL | { button: string } | ((options: AskOptions) => string | Promise<string>);
export type PickAnswer = string | typeof CANCEL | typeof DEFAULT;
export type Answer = AskAnswer | PickAnswer | undefined;

function cancelled(): Error {
  const error = new Error('Cancelled by the test script.');
  error.name = 'UserCancelledError';
  return error;
}

function plain(label: string): string {
  return label.replace(/\$\([^)]*\)\s*/g, '').trim();
}

/**
 * A stand-in for input boxes, quick picks and message buttons. Each prompt takes the next
 * scripted answer; typed answers go through the box's own validation, as a person's would.
 */
export class ScriptedInput implements UserInput {
  readonly asked: {
    kind: 'ask' | 'pick' | 'confirm';
    title: string;
    prompt?: string;
    /** What an input box started with (`AskOptions.value`). */
    value?: string;
    validation?: string;
    buttons?: string[];
    /** A confirmation's detail (a modal's second line). */
    detail?: string;
  }[] = [];
  /** Error messages the extension showed, in order. */
  readonly errors: string[] = [];
  /** The buttons each error offered, in the same order as `errors`. */
  readonly errorButtons: string[][] = [];
  private readonly answers: Answer[];

  constructor(...answers: Answer[]) {
    this.answers = answers;
  }

  add(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  private next(what: string): Answer {
    assert.ok(this.answers.length > 0, `The script has no answer left for: ${what}`);
    return this.answers.shift();
  }

  async ask(options: AskOptions): Promise<string> {
    let prompt = options.prompt;
    for (;;) {
      this.asked.push({ kind: 'ask', title: options.title, prompt, ...(options.value !== undefined ? { value: options.value } : {}) });
      const answer = this.next(`${options.title}: ${prompt}`);
      if (answer === CANCEL) throw cancelled();
      if (answer !== undefined && typeof answer === 'object') {
        assert.ok(options.onButton, `${options.title} has no buttons`);
        const updated = await options.onButton(answer.button);
        if (typeof updated === 'string') prompt = updated;
        continue;
      }
      // DEFAULT: Enter on the box as it started.
      const value =
        answer === DEFAULT ? (options.value ?? '') : typeof answer === 'function' ? await answer({ ...options, prompt }) : answer;
      assert.equal(typeof value, 'string', `${options.title} expected a typed answer`);
      const problem = options.validate?.(value as string);
      if (problem) {
        this.asked[this.asked.length - 1]!.validation = problem;
        continue;
      }
      const rejected = await options.onAccept?.(value as string);
      if (rejected) {
        this.asked[this.asked.length - 1]!.validation = rejected;
        continue;
      }
      return value as string;
    }
  }

  async pick<T>(loading: PickItem<T>[] | Promise<PickItem<T>[]>, options: PickOptions): Promise<T> {
    this.asked.push({ kind: 'pick', title: options.title });
    const answer = this.next(`pick in ${options.title}`);
    if (answer === CANCEL) throw cancelled();
    const items = await loading;
    if (answer === DEFAULT) {
      assert.ok(items.length > 0, `${options.title} has no item for Enter`);
      return items[0]!.value;
    }
    const item = items.find((candidate) => plain(candidate.label) === answer || candidate.value === answer);
    assert.ok(
      item,
      `${options.title} has no item "${String(answer)}" (items: ${items.map((candidate) => plain(candidate.label)).join(', ')})`,
    );
    return item.value;
  }

  async confirm(message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined> {
    if (options.level === 'error') {
      // Errors are recorded for assertions and dismissed, as a person closing the toast.
      this.errors.push(message);
      this.errorButtons.push(buttons);
      return undefined;
    }
    this.asked.push({ kind: 'confirm', title: message, buttons, ...(options.detail ? { detail: options.detail } : {}) });
    if (buttons.length === 0) return undefined; // A plain notice needs no answer.
    const answer = this.next(`confirm "${message}"`);
    if (answer === CANCEL || answer === undefined) return undefined;
    if (answer === DEFAULT) {
      assert.ok(options.modal, `"${message}" is a notification: Enter does not answer it`);
      return buttons[0];
    }
    assert.ok(buttons.includes(answer as string), `"${message}" has no button "${String(answer)}" (buttons: ${buttons.join(', ')})`);
    return answer as string;
  }

  assertDone(): void {
    assert.deepEqual(this.answers, [], 'Some scripted answers were never asked for');
  }
}
