// The messages under a form's fields: shown all at once on submit (focus moves
// to the first), then kept in step with what the person corrects: a message
// goes as soon as its field is valid, and is updated when they leave the field.
import { useCallback, useState, type FocusEvent, type SubmitEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from '../../forms/shared/fields.ts';
import { focusFirstInvalid } from './form-dom.ts';

export function useFieldErrors<Field extends string>(
  order: readonly Field[],
  /** The messages the form would show now; called after a change or when a field is left. */
  check: (form: HTMLFormElement) => FieldErrors<Field>,
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  /** Shows `next` and moves focus to the first field with a message. */
  const show = useCallback(
    (form: HTMLFormElement, next: FieldErrors<Field>) => {
      // Rendered before focus moves, so the field is announced with its message.
      flushSync(() => setErrors(next));
      focusFirstInvalid(form, next, order);
    },
    [order],
  );

  const clear = useCallback(() => setErrors({}), []);

  /** Shows or removes one field's message. */
  const set = useCallback((name: Field, message: string | undefined) => {
    setErrors((current) => {
      if (current[name] === message) return current;
      const next = { ...current };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  }, []);

  const update = (event: SyntheticEvent<HTMLFormElement> | FocusEvent<HTMLFormElement>, onlyClear: boolean) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== 'string' || errors[name as Field] === undefined) return;
    const fresh = check(event.currentTarget)[name as Field];
    if (onlyClear && fresh !== undefined) return;
    setErrors((current) => {
      const next = { ...current };
      if (fresh === undefined) delete next[name as Field];
      else next[name as Field] = fresh;
      return next;
    });
  };

  /** A fixed field loses its message while the person types. */
  const onChange = (event: SyntheticEvent<HTMLFormElement>) => update(event, true);
  /** Leaving a field refreshes its message. */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => update(event, false);

  return {
    errors,
    show,
    clear,
    set,
    /** Spread on the <form>: our messages instead of the browser's, sent by `onSubmit`, messages kept in step. */
    formProps: (onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>) => ({
      noValidate: true,
      method: 'post',
      onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event),
      onChange,
      onBlur,
    }),
  };
}
