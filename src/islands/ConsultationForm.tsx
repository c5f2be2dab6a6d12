// The consultation request on each practice-area page (docs/requirements.md#consultation-form):
// name, email and optional information, and optionally a phone number, the way
// to be contacted, where to meet and when (and, once a place is chosen, one of
// its free times: form/TimeChoice.tsx), POSTed with the practice area's
// title as `{ form_data }` to the inquiryform function. This is its markup; its
// fields, labels, options, messages, words in each language and endpoint are
// in src/forms/consultation/.
import { useState } from 'react';
import {
  CONSULTATION_ENDPOINT,
  consultationCopy,
  consultationFieldDefinitions,
  consultationFields,
  consultationFormName,
  validateConsultation,
} from '../forms/consultation/consultation.ts';
import { labelsOf } from '../forms/shared/fields.ts';
import { loadPhoneNumbers } from '../forms/shared/phone-numbers.ts';
import type { Language } from '../lib/i18n/languages.ts';
import { ChoicesField, Field, Honeypot, NameAndEmailFields } from './form/Field.tsx';
import { EnquiryFeedback, PrivacyNote, SubmitButton } from './form/Feedback.tsx';
import { TimeChoice } from './form/TimeChoice.tsx';
import { useEnquiryForm } from './form/use-enquiry-form.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';
import './form/form.css';

interface Props {
  /** The practice area's title, sent as `practice`. */
  practice: string;
  /** Its title in the page's language, for the form's accessible name; the English one when not given. */
  practiceTitle?: string;
  /** The page's language: the form's words, and the language the function answers in. */
  lang?: Language;
}

const { phone, contact_method: contactMethod, meeting_place: meetingPlace } = consultationFieldDefinitions;

export default function ConsultationForm({ practice, practiceTitle = practice, lang = 'en' }: Props) {
  // The meeting place chosen, whose free times are offered (also one chosen before the island woke);
  // a sent form is reset, and so is it.
  const [place, setPlace] = useState('');
  const { hydrated, phase, notice, errors, formProps } = useEnquiryForm({
    fields: consultationFields,
    definitions: consultationFieldDefinitions,
    validate: validateConsultation,
    endpoint: CONSULTATION_ENDPOINT,
    lang,
    prepare: loadPhoneNumbers,
    adopt: (changed) => setPlace(changed.meeting_place ?? ''),
  });
  const labels = labelsOf(consultationFieldDefinitions, lang);
  const copy = consultationCopy[lang];

  return (
    <form
      className="site-form"
      aria-label={consultationFormName(practiceTitle, lang)}
      {...formProps}
      onReset={() => setPlace('')}
    >
      <input type="hidden" name="practice" defaultValue={practice} />
      <div className="form-grid form-grid--single">
        <NameAndEmailFields labels={labels} errors={errors} />
        <Field name="info" label={labels.info} error={errors.info} lang={lang}>
          {(control) => <textarea {...control} className="form-control" rows={4} />}
        </Field>
        <fieldset className="form-group">
          <legend>{copy.arrangements}</legend>
          <Field name="phone" label={labels.phone} hint={phone.hint[lang]} error={errors.phone} lang={lang}>
            {(control) => (
              <input
                {...control}
                className="form-control"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                onFocus={() => void loadPhoneNumbers()}
              />
            )}
          </Field>
          {[contactMethod, meetingPlace].map((choice, index) => {
            const name = index === 0 ? 'contact_method' : 'meeting_place';
            return (
              <Field key={name} name={name} label={labels[name]} error={errors[name]} lang={lang}>
                {(control) => (
                  <select
                    {...control}
                    className="form-control"
                    defaultValue=""
                    onChange={name === 'meeting_place' ? (event) => setPlace(event.target.value) : undefined}
                  >
                    <option value="">{copy.noPreference}</option>
                    {Object.entries(choice.options).map(([value, names]) => (
                      <option key={value} value={value}>
                        {names[lang]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            );
          })}
          <ChoicesField
            name="preferred_times"
            label={labels.preferred_times}
            options={consultationFieldDefinitions.preferred_times.options}
            lang={lang}
            error={errors.preferred_times}
          />
          <TimeChoice place={place} label={labels.slot} error={errors.slot} notice={notice} lang={lang} />
        </fieldset>
        <Honeypot />
      </div>
      <div className="form-actions">
        <SubmitButton label={copy.button[phase]} ready={hydrated} busy={phase === 'sending'} />
        <PrivacyNote copy={copy} lang={lang} />
      </div>
      <EnquiryFeedback notice={notice} copy={copy} lang={lang} afterSuccess={<WhatsAppLink lang={lang} />} />
    </form>
  );
}
