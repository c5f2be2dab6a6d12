// Sending the article alerts form (issue 40): validate in the page's language,
// POST the request itself as JSON (not wrapped in `form_data`), show the
// function's answer. A success stays, and the form is not sent again (a second
// press would only ask for the same confirmation e-mail twice); a failure keeps
// what was typed and says why until the next attempt.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  checkYourInbox,
  SUBSCRIBE_ENDPOINT,
  subscribeCopy,
  validateSubscription,
  type SubscribeField,
} from '../../forms/subscribe/subscribe.ts';
import type { FieldErrors } from '../../forms/shared/fields.ts';
import { postJson, type SendPhase } from '../../forms/shared/sending.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { useEarlyInput } from '../use-early-input.ts';
import { useHydrated } from '../use-hydrated.ts';
import { checkedValues, isChecked, readTextValues, scrollNoticeIntoView } from './form-dom.ts';
import { useFieldErrors } from './use-field-errors.ts';

/** The fields a person fills, in page order: the first with a message takes focus. */
const FIELDS = ['email', 'categories', 'consent'] as const satisfies readonly SubscribeField[];

export type SubscribeNotice = { kind: 'sent' | 'not-sent'; message: string } | null;

/** The form's state and sending, in `lang`, for the categories `offered` (their slugs). */
export function useSubscribeForm(lang: Language, offered: readonly string[]) {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<SendPhase>('idle');
  const [notice, setNotice] = useState<SubscribeNotice>(null);
  /** True while a request is under way, and for good once one succeeded. */
  const closed = useRef(false);
  // Its fields are read from the page when it is sent: only focus is to keep as it hydrates.
  const formRef = useEarlyInput<HTMLFormElement>(() => {});

  const read = (form: HTMLFormElement) => ({
    ...readTextValues(form, ['email', 'honey']),
    categories: checkedValues(form, 'categories'),
    consent: isChecked(form, 'consent'),
    lang,
  });
  const fieldErrors = useFieldErrors<SubscribeField>(FIELDS, (form): FieldErrors<SubscribeField> => {
    const result = validateSubscription(read(form), offered, lang);
    return result.ok ? {} : result.errors;
  });

  useEffect(() => {
    if (notice) scrollNoticeIntoView(formRef.current, notice.kind);
  }, [notice]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (closed.current) return;
    const form = event.currentTarget;
    const result = validateSubscription(read(form), offered, lang);
    if (!result.ok) {
      fieldErrors.show(form, result.errors);
      return;
    }
    closed.current = true;
    fieldErrors.clear();
    setNotice(null);
    setPhase('sending');
    const outcome = await postJson(SUBSCRIBE_ENDPOINT, result.data);
    if (outcome.ok) {
      setNotice({ kind: 'sent', message: outcome.message || checkYourInbox[lang] });
      setPhase('sent');
      return;
    }
    closed.current = false;
    const copy = subscribeCopy[lang];
    setNotice({ kind: 'not-sent', message: outcome.message ?? (outcome.status === 0 ? copy.offline : copy.noAnswer) });
    setPhase('idle');
  }

  return {
    hydrated,
    phase,
    notice,
    errors: fieldErrors.errors,
    formProps: { ...fieldErrors.formProps(onSubmit), ref: formRef },
  };
}
