// Sending the contact and consultation forms (docs/requirements.md#enquiry-form-states):
// validate in the page's language, POST `{ form_data }` as JSON (with `lang` on
// a page not in English), show "Sent" for SENT_STATE_MS whatever the answer,
// then idle. Success resets the form; failure keeps what was typed and shows a
// notice until the next attempt. Either way the message is brought into view
// and announced; focus stays. More: docs/architecture.md, "Sending an enquiry form".
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import { fieldsOfKind, type FieldErrors, type FormFields, type ValidationResult } from '../../forms/shared/fields.ts';
import { postJson, SENT_STATE_MS, type SendPhase } from '../../forms/shared/sending.ts';
import { checkedValues, readTextValues, scrollNoticeIntoView, withUnreadableInput } from './form-dom.ts';
import { useEarlyInput } from '../use-early-input.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useFieldErrors } from './use-field-errors.ts';

export type { SendPhase };

export type EnquiryNotice =
  | { kind: 'sent'; message: string }
  /** `message`: the server's, when it answered with one. */
  | { kind: 'not-sent'; message: string | null }
  | null;

interface Options<Field extends string, Data> {
  /** The form's field names, in form order (from its module). */
  fields: readonly Field[];
  /** The form's field definitions (from its module): which fields are groups of boxes. */
  definitions: FormFields;
  validate: (values: unknown, lang: Language) => ValidationResult<Data, Field>;
  endpoint: string;
  /** The page's language: the messages', and the one the function answers in. */
  lang: Language;
  /**
   * Loads what validating needs that is not loaded up front (the phone numbers' library), before a form is
   * checked for sending; if it cannot load, the form is checked as it can be and the function checks it fully.
   */
  prepare?: () => Promise<void>;
  /** Messages for number inputs whose text the browser cannot read. */
  unreadable?: Partial<Record<Field, string>>;
  /** Acts on what the visitor changed before the island hydrated (use-early-input.ts), by name. */
  adopt?: (changed: Record<string, string>) => void;
}

export function useEnquiryForm<Field extends string, Data>({
  fields,
  definitions,
  validate,
  endpoint,
  lang,
  prepare,
  unreadable,
  adopt,
}: Options<Field, Data>) {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<SendPhase>('idle');
  const [notice, setNotice] = useState<EnquiryNotice>(null);
  const sending = useRef(false);
  const revertTimer = useRef<number | undefined>(undefined);
  const formRef = useEarlyInput<HTMLFormElement>((_form, changed) => adopt?.(changed));

  const read = (form: HTMLFormElement): Record<string, string | string[]> => {
    const values: Record<string, string | string[]> = readTextValues(form, fields);
    for (const name of fieldsOfKind(definitions, 'choices')) values[name] = checkedValues(form, name);
    return values;
  };
  const check = (form: HTMLFormElement) => {
    const result = validate(read(form), lang);
    return { result, errors: withUnreadableInput(form, result.ok ? {} : result.errors, unreadable ?? {}) };
  };
  const fieldErrors = useFieldErrors<Field>(fields, (form): FieldErrors<Field> => check(form).errors);

  useEffect(() => () => window.clearTimeout(revertTimer.current), []);

  useEffect(() => {
    if (notice) scrollNoticeIntoView(formRef.current, notice.kind);
  }, [notice]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    if (prepare) {
      sending.current = true;
      await prepare().catch(() => {});
      sending.current = false;
    }
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
    // Blank optional fields are undefined in `result.data` and left out of the JSON.
    const outcome = await postJson(endpoint, {
      form_data: result.data,
      ...(lang === DEFAULT_LANGUAGE ? {} : { lang }),
    });
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
    formProps: { ...fieldErrors.formProps(onSubmit), ref: formRef },
  };
}
