// The article alerts form (issue 40): e-mail, the categories to follow and
// consent, POSTed as JSON to the subscribe function. This is its markup; its
// words, schema and endpoint are in src/forms/subscribe/, its sending in
// form/use-subscribe-form.ts; src/components/insights/ArticleAlerts.astro places it.
import { subscribeCopy } from '../forms/subscribe/subscribe.ts';
import type { AlertChoice } from '../lib/articles/alert-choices.ts';
import type { Language } from '../lib/i18n/languages.ts';
import { site } from '../site.config.ts';
import { CheckboxField, ChoicesField, Field, Honeypot } from './form/Field.tsx';
import { SubmitButton } from './form/Feedback.tsx';
import { useSubscribeForm, type SubscribeNotice } from './form/use-subscribe-form.ts';
import './form/form.css';
import './SubscribeForm.css';

interface Props {
  /** The page's language: the form's words, and the language the function answers in. */
  lang?: Language;
  /** The categories offered, labelled in `lang` (or in the language a choice names). */
  choices: readonly AlertChoice[];
  /** The slugs ticked when the form is shown: the categories the page is about. */
  ticked?: readonly string[];
}

export default function SubscribeForm({ lang = 'en', choices, ticked = [] }: Props) {
  const offered = choices.map((choice) => choice.slug);
  const { hydrated, phase, notice, errors, formProps } = useSubscribeForm(lang, offered);
  const copy = subscribeCopy[lang];
  return (
    <form className="site-form subscribe-form" aria-label={copy.name} {...formProps}>
      <Field name="email" label={copy.email} required error={errors.email} lang={lang}>
        {(control) => (
          <input {...control} className="form-control" type="email" autoComplete="email" spellCheck={false} />
        )}
      </Field>
      <ChoicesField
        name="categories"
        label={copy.categories}
        options={Object.fromEntries(
          choices.map(({ slug, label, lang: labelLang }) => [
            slug,
            labelLang ? { text: label, lang: labelLang } : label,
          ]),
        )}
        lang={lang}
        required
        ticked={ticked}
        error={errors.categories}
      />
      <CheckboxField name="consent" label={copy.consent.replace('{firm}', site.name)} required error={errors.consent} />
      <Honeypot />
      <div className="form-actions">
        <SubmitButton
          label={copy.button[phase]}
          ready={hydrated}
          busy={phase === 'sending'}
          finished={phase === 'sent'}
        />
      </div>
      <SubscribeFeedback notice={notice} notSent={copy.notSent} />
    </form>
  );
}

/**
 * Two live regions, always present so screen readers announce what appears in them: the function's
 * message after a success (polite), the not-subscribed notice after a failure (assertive).
 */
function SubscribeFeedback({ notice, notSent }: { notice: SubscribeNotice; notSent: string }) {
  return (
    <>
      <div role="status" aria-live="polite" className="form-feedback">
        {notice?.kind === 'sent' && <p className="form-notice form-notice--success">{notice.message}</p>}
      </div>
      <div role="alert" aria-live="assertive" className="form-feedback">
        {notice?.kind === 'not-sent' && (
          <p className="form-notice form-notice--error">
            <strong>{notSent}</strong> {notice.message}
          </p>
        )}
      </div>
    </>
  );
}
