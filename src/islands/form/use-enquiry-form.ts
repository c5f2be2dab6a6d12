// Sending the contact and consultation forms (docs/requirements.md#enquiry-form-states): validate with the
// form's module, POST `{ form_data }` as JSON, then show "Sent" for
// SENT_STATE_MS whatever the answer, and return to idle.
//   success: the form is reset and the server's message shows until idle;
//   failure: everything typed stays, and a notice says it was not sent and how
//            else to reach the firm. It stays until the next attempt, so there is
//            time to read it (the firm's brief shows nothing on failure:
//            docs/requirements.md#departures).
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { FieldErrors, ValidationResult } from '../../forms/shared/fields.ts';
import { postJson, SENT_STATE_MS } from '../../forms/shared/sending.ts';
import { readTextValues, withUnreadableInput } from './form-dom.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useFieldErrors } from './use-field-errors.ts';

export type SendPhase = 'idle' | 'sending' | 'sent';

export type EnquiryNotice =
  | { kind: 'sent'; message: string }
  /** `message`: the server's, when it answered with one. */
  | { kind: 'not-sent'; message: string | null }
  | null;

interface Options<Field extends string, Data> {
  /** The form's field names, in form order (from its module). */
  fields: readonly Field[];
  validate: (values: unknown) => ValidationResult<Data, Field>;
  endpoint: string;
  /** Messages for number inputs whose text the browser cannot read. */
  unreadable?: Partial<Record<Field, string>>;
}

export function useEnquiryForm<Field extends string, Data>({
  fields,
  validate,
  endpoint,
  unreadable,
}: Options<Field, Data>) {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<SendPhase>('idle');
  const [notice, setNotice] = useState<EnquiryNotice>(null);
  const sending = useRef(false);
  const revertTimer = useRef<number | undefined>(undefined);

  const check = (form: HTMLFormElement) => {
    const result = validate(readTextValues(form, fields));
    return { result, errors: withUnreadableInput(form, result.ok ? {} : result.errors, unreadable ?? {}) };
  };
  const fieldErrors = useFieldErrors<Field>(fields, (form): FieldErrors<Field> => check(form).errors);

  useEffect(() => () => window.clearTimeout(revertTimer.current), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const { result, errors } = check(form);
    if (!result.ok || Object.keys(errors).length > 0) {
      fieldErrors.show(form, errors);
      return;
    }
    sending.current = true;
    window.clearTimeout(revertTimer.current);
    fieldErrors.clear();
    setNotice(null);
    setPhase('sending');
    const outcome = await postJson(endpoint, { form_data: result.data });
    sending.current = false;
    if (outcome.ok) form.reset();
    setNotice(outcome.ok ? { kind: 'sent', message: outcome.message } : { kind: 'not-sent', message: outcome.message });
    setPhase('sent');
    revertTimer.current = window.setTimeout(() => {
      setPhase('idle');
      setNotice((current) => (current?.kind === 'sent' ? null : current));
    }, SENT_STATE_MS);
  }

  return {
    hydrated,
    phase,
    notice,
    errors: fieldErrors.errors,
    formProps: {
      noValidate: true,
      method: 'post',
      onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event),
      onChange: fieldErrors.onChange,
      onBlur: fieldErrors.onBlur,
    },
  };
}
