// The contact page's form (docs/requirements.md#contact-form): name, email,
// phone, Subject (interest) and message, POSTed as `{ form_data }` to the
// contactform function. This is its markup; its fields, labels, messages,
// words in each language and endpoint are in src/forms/contact/.
import type { WheelEvent } from 'react';
import {
  CONTACT_ENDPOINT,
  contactCopy,
  contactFieldDefinitions,
  contactFields,
  contactFormName,
  validateContact,
  type ContactField,
} from '../forms/contact/contact.ts';
import { labelsOf, phoneDigitsOnlyIn } from '../forms/shared/fields.ts';
import type { Language } from '../lib/i18n/languages.ts';
import { Field, Honeypot, NameAndEmailFields } from './form/Field.tsx';
import { EnquiryFeedback, PrivacyNote, SubmitButton } from './form/Feedback.tsx';
import { useEnquiryForm } from './form/use-enquiry-form.ts';
import './form/form.css';

/** Stops the mouse wheel from changing a focused number input (a phone number is no quantity). */
const leaveOnWheel = (event: WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

interface Props {
  /** The page's language: the form's words, and the language the function answers in. */
  lang?: Language;
}

export default function ContactForm({ lang = 'en' }: Props) {
  const unreadable: Partial<Record<ContactField, string>> = { phone: phoneDigitsOnlyIn[lang] };
  const { hydrated, phase, notice, errors, formProps } = useEnquiryForm({
    fields: contactFields,
    definitions: contactFieldDefinitions,
    validate: validateContact,
    endpoint: CONTACT_ENDPOINT,
    lang,
    unreadable,
  });
  const labels = labelsOf(contactFieldDefinitions, lang);
  const copy = contactCopy[lang];

  return (
    <form className="site-form" aria-label={contactFormName[lang]} {...formProps}>
      <div className="form-grid">
        <NameAndEmailFields labels={labels} errors={errors} />
        <Honeypot />
        <Field name="phone" label={labels.phone} required error={errors.phone}>
          {(control) => (
            <input {...control} className="form-control" type="number" inputMode="tel" onWheel={leaveOnWheel} />
          )}
        </Field>
        <Field name="interest" label={labels.interest} required error={errors.interest}>
          {(control) => <input {...control} className="form-control" type="text" />}
        </Field>
        <Field name="msg" label={labels.msg} required error={errors.msg} wide>
          {(control) => <textarea {...control} className="form-control" rows={6} />}
        </Field>
      </div>
      <div className="form-actions">
        <SubmitButton label={copy.button[phase]} ready={hydrated} busy={phase === 'sending'} />
        <PrivacyNote copy={copy} lang={lang} />
      </div>
      <EnquiryFeedback notice={notice} copy={copy} lang={lang} />
    </form>
  );
}
