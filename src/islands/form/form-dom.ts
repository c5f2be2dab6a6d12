// Reading a form's controls and moving focus, shared by the form islands.
import type { FieldErrors } from '../../forms/shared/fields.ts';
import { prefersReducedMotion } from '../../lib/motion-preference.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function control(form: HTMLFormElement, name: string): Control | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
    ? element
    : null;
}

/** The text of each named control ('' for one that is missing). */
export function readTextValues<Field extends string>(
  form: HTMLFormElement,
  names: readonly Field[],
): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const name of names) values[name] = control(form, name)?.value ?? '';
  return values;
}

/** The values of the ticked checkboxes named `name`, in page order. */
export function checkedValues(form: HTMLFormElement, name: string): string[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))
    .filter((box) => box.name === name && box.checked)
    .map((box) => box.value);
}

/** Whether a checkbox is ticked. */
export function isChecked(form: HTMLFormElement, name: string): boolean {
  const element = control(form, name);
  return element instanceof HTMLInputElement && element.checked;
}

/** The first file chosen in a file input, if any. */
export function firstFile(form: HTMLFormElement, name: string): File | null {
  const element = control(form, name);
  return element instanceof HTMLInputElement ? (element.files?.[0] ?? null) : null;
}

/**
 * Replaces the messages of controls whose typed text the browser could not
 * read (a number input holding "+254…" reports an empty value and `badInput`).
 */
export function withUnreadableInput<Field extends string>(
  form: HTMLFormElement,
  errors: FieldErrors<Field>,
  messages: Partial<Record<Field, string>>,
): FieldErrors<Field> {
  const result = { ...errors };
  for (const [name, message] of Object.entries(messages) as [Field, string][]) {
    if (control(form, name)?.validity.badInput) result[name] = message;
  }
  return result;
}

/** Focuses the control of the first field (in `order`) that has a message: a group's first box. */
export function focusFirstInvalid<Field extends string>(
  form: HTMLFormElement,
  errors: FieldErrors<Field>,
  order: readonly Field[],
): void {
  const first = order.find((name) => errors[name] !== undefined);
  if (!first) return;
  const named = form.elements.namedItem(first);
  const target = named instanceof RadioNodeList ? named[0] : control(form, first);
  if (target instanceof HTMLElement) target.focus();
}

/**
 * Scrolls the form's success or failure notice into view as little as it takes (on a phone it would sit
 * below the screen); focus is not moved, the notice's live region announces it.
 */
export function scrollNoticeIntoView(form: HTMLFormElement | null, kind: 'sent' | 'not-sent'): void {
  const shown = form?.querySelector(kind === 'sent' ? '.form-notice--success' : '.form-notice--error');
  shown?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
