// The contact page's form (docs/requirements.md#contact-form): name, email,
// phone, Subject (interest) and message, POSTed as `{ form_data }` to the
// contactform function. This is its markup; its fields, labels, messages and
// endpoint are in src/forms/contact/.
import type { WheelEvent } from 'react';
import {
  CONTACT_ENDPOINT,
  contactFields,
  contactLabels,
  validateContact,
  type ContactField,
} from '../forms/contact/contact.ts';
import { phoneDigitsOnly } from '../forms/shared/fields.ts';
import { Field, Honeypot, NameAndEmailFields } from './form/Field.tsx';
import { EnquiryFeedback, PrivacyNote, SubmitButton } from './form/Feedback.tsx';
import { useEnquiryForm, type SendPhase } from './form/use-enquiry-form.ts';
import './form/form.css';
import type { Language } from '../lib/i18n/languages.ts';

/** The button's words in each phase (docs/requirements.md#button-states). */
const contactButtonLabels: Record<SendPhase, string> = {
  idle: 'Send Message',
  sending: 'Sending...',
  sent: 'Sent',
};

const unreadable: Partial<Record<ContactField, string>> = { phone: phoneDigitsOnly };

/** Stops the mouse wheel from changing a focused number input (a phone number is no quantity). */
const leaveOnWheel = (event: WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

interface Props {
  /** The page's language: the form's words in it (English until the forms are translated). */
  lang?: Language;
}

export default function ContactForm(_props: Props) {
  const { hydrated, phase, notice, errors, formProps } = useEnquiryForm({
    fields: contactFields,
    validate: validateContact,
    endpoint: CONTACT_ENDPOINT,
    unreadable,
  });

  return (
    <form className="site-form" aria-label="Send us a message" {...formProps}>
      <div className="form-grid">
        <NameAndEmailFields labels={contactLabels} errors={errors} />
        <Honeypot />
        <Field name="phone" label={contactLabels.phone} required error={errors.phone}>
          {(control) => (
            <input {...control} className="form-control" type="number" inputMode="tel" onWheel={leaveOnWheel} />
          )}
        </Field>
        <Field name="interest" label={contactLabels.interest} required error={errors.interest}>
          {(control) => <input {...control} className="form-control" type="text" />}
        </Field>
        <Field name="msg" label={contactLabels.msg} required error={errors.msg} wide>
          {(control) => <textarea {...control} className="form-control" rows={6} />}
        </Field>
      </div>
      <div className="form-actions">
        <SubmitButton label={contactButtonLabels[phase]} ready={hydrated} busy={phase === 'sending'} />
        <PrivacyNote what="message" />
      </div>
      <EnquiryFeedback notice={notice} what="message" />
    </form>
  );
}
