import * as vscode from 'vscode';

/** Thrown when the user dismisses a prompt: commands end silently on it. */
export class UserCancelledError extends Error {
  constructor() {
    super('Cancelled by the user.');
    this.name = 'UserCancelledError';
  }
}

/** By name, so a stand-in from another bundle (host tests) is recognised too. */
export function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserCancelledError';
}

export interface InputButton {
  readonly id: string;
  readonly icon: string;
  readonly tooltip: string;
}

export interface AskOptions {
  title: string;
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  /** Runs as the user types: a message blocks acceptance. */
  validate?: (value: string) => string | undefined;
  /** Runs as the user types: the prompt for this value (e.g. the balance after an amount). */
  describe?: (value: string) => string;
  /** Runs on Enter while the box stays open and busy: a message keeps it open to try again. */
  onAccept?: (value: string) => Promise<string | undefined>;
  buttons?: InputButton[];
  /** A button press: may return a new prompt text (e.g. a refreshed hint). */
  onButton?: (id: string) => Promise<string | void>;
}

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

export interface ConfirmOptions {
  modal?: boolean;
  detail?: string;
  level?: 'info' | 'warning' | 'error';
}

export interface PickOptions {
  title: string;
  placeholder?: string;
}

/**
 * Every prompt a command shows goes through this interface, so host tests can script a whole
 * flow (sign-in, OTP entry) with a stand-in instead of a person.
 */
export interface UserInput {
  ask(options: AskOptions): Promise<string>;
  /** Items still loading (a promise) show as the picker's own progress; a failed load closes it with the error. */
  pick<T>(items: PickItem<T>[] | Promise<PickItem<T>[]>, options: PickOptions): Promise<T>;
  /**
   * A question with buttons; `modal` blocks the window. Resolves to the chosen button or
   * undefined. In a modal the first button is the default (Enter), and VS Code adds its own
   * Cancel (Escape): a question that can move money puts the safe answer first.
   */
  confirm(message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined>;
}

/** The input box `ask` shows, set up from its options; each button keeps its id beside the icon VS Code reports back. */
function inputBox(options: AskOptions): {
  box: vscode.InputBox;
  buttons: (vscode.QuickInputButton & { id: string })[];
} {
  const box = vscode.window.createInputBox();
  box.title = options.title;
  box.prompt = options.prompt;
  box.placeholder = options.placeholder;
  box.value = options.value ?? '';
  box.password = options.password ?? false;
  box.ignoreFocusOut = true;
  const buttons = (options.buttons ?? []).map((button) => ({
    id: button.id,
    iconPath: new vscode.ThemeIcon(button.icon),
    tooltip: button.tooltip,
  }));
  box.buttons = buttons;
  return { box, buttons };
}

export class VsCodeUserInput implements UserInput {
  ask(options: AskOptions): Promise<string> {
    const { box, buttons } = inputBox(options);
    const validate = (value: string) => {
      if (options.describe) box.prompt = options.describe(value);
      box.validationMessage = options.validate?.(value);
      return box.validationMessage === undefined;
    };

    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void) => {
        settled = true;
        action();
        box.dispose();
      };
      box.onDidChangeValue(validate);
      box.onDidTriggerButton(async (pressed) => {
        const button = buttons.find((candidate) => candidate.iconPath === pressed.iconPath);
        if (!button || !options.onButton) return;
        box.busy = true;
        try {
          const prompt = await options.onButton(button.id);
          // A validation message hides the prompt: clear it, so the new prompt is seen.
          if (typeof prompt === 'string') [box.prompt, box.validationMessage] = [prompt, undefined];
        } catch (error) {
          box.validationMessage = error instanceof Error ? error.message : String(error);
        } finally {
          box.busy = false;
        }
      });
      box.onDidAccept(async () => {
        if (box.busy || !validate(box.value)) return;
        const value = box.value;
        if (!options.onAccept) return finish(() => resolve(value));
        box.busy = true;
        box.enabled = false;
        try {
          const problem = await options.onAccept(value);
          if (problem === undefined) return finish(() => resolve(value));
          box.validationMessage = problem;
        } catch (error) {
          return finish(() => reject(error));
        } finally {
          box.busy = false;
          box.enabled = true;
        }
      });
      box.onDidHide(() => {
        if (!settled) finish(() => reject(new UserCancelledError()));
      });
      box.show();
      // A prefilled value is checked at once; an empty box is not scolded before typing.
      if (box.value) validate(box.value);
    });
  }

  async pick<T>(items: PickItem<T>[] | Promise<PickItem<T>[]>, options: PickOptions): Promise<T> {
    if (Array.isArray(items)) {
      const chosen = await vscode.window.showQuickPick(items, {
        title: options.title,
        placeHolder: options.placeholder,
        ignoreFocusOut: true,
        matchOnDescription: true,
      });
      if (!chosen) throw new UserCancelledError();
      return chosen.value;
    }
    // Open at once, busy until the items come: the picker is the progress, no notification outlives it.
    const picker = vscode.window.createQuickPick<PickItem<T>>();
    picker.title = options.title;
    picker.placeholder = options.placeholder;
    picker.ignoreFocusOut = true;
    picker.matchOnDescription = true;
    picker.busy = true;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        action();
        picker.dispose();
      };
      picker.onDidAccept(() => {
        const chosen = picker.selectedItems[0] ?? picker.activeItems[0];
        if (chosen) finish(() => resolve(chosen.value));
      });
      picker.onDidHide(() => finish(() => reject(new UserCancelledError())));
      items.then(
        (loaded) => {
          picker.items = loaded;
          picker.busy = false;
        },
        (error: unknown) => finish(() => reject(error)),
      );
      picker.show();
    });
  }

  confirm(message: string, options: ConfirmOptions, ...buttons: string[]): Promise<string | undefined> {
    const show =
      options.level === 'error'
        ? vscode.window.showErrorMessage
        : options.level === 'warning'
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    return Promise.resolve(show(message, { modal: options.modal ?? false, detail: options.detail }, ...buttons));
  }
}
