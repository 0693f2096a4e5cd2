import type { Validation } from '../api';

/** Adapts an API validator to an input box's validateInput: a message, or undefined when fine. */
export function inputCheck<T>(validator: (value: string) => Validation<T>): (value: string) => string | undefined {
  return (value) => {
    const result = validator(value);
    return result.ok ? undefined : result.message;
  };
}
