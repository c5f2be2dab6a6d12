// The consultation request on each practice-area page (docs/requirements.md#consultation-form):
// name, email and optional information, POSTed with the practice area's title
// as `{ form_data }` to the inquiryform function. This is its markup; its
// fields, labels, messages and endpoint are in src/forms/consultation/.
import {
  CONSULTATION_ENDPOINT,
  consultationFields,
  consultationLabels,
  validateConsultation,
} from '../forms/consultation/consultation.ts';
import { Field, Honeypot, NameAndEmailFields } from './form/Field.tsx';
import { EnquiryFeedback, PrivacyNote, SubmitButton } from './form/Feedback.tsx';
import { useEnquiryForm, type SendPhase } from './form/use-enquiry-form.ts';
import './form/form.css';
import type { Language } from '../lib/i18n/languages.ts';

/** The button's words in each phase (docs/requirements.md#button-states). */
const consultationButtonLabels: Record<SendPhase, string> = {
  idle: 'Send Request',
  sending: 'Sending Request...',
  sent: 'Request Sent',
};

interface Props {
  /** The practice area's title, sent as `practice`. */
  practice: string;
  /** The page's language: the form's words in it (English until the forms are translated). */
  lang?: Language;
}

export default function ConsultationForm({ practice }: Props) {
  const { hydrated, phase, notice, errors, formProps } = useEnquiryForm({
    fields: consultationFields,
    validate: validateConsultation,
    endpoint: CONSULTATION_ENDPOINT,
  });

  return (
    <form className="site-form" aria-label={`Request a consultation: ${practice}`} {...formProps}>
      <input type="hidden" name="practice" defaultValue={practice} />
      <div className="form-grid form-grid--single">
        <NameAndEmailFields labels={consultationLabels} errors={errors} />
        <Field name="info" label={consultationLabels.info} error={errors.info}>
          {(control) => <textarea {...control} className="form-control" rows={4} />}
        </Field>
        <Honeypot />
      </div>
      <div className="form-actions">
        <SubmitButton label={consultationButtonLabels[phase]} ready={hydrated} busy={phase === 'sending'} />
        <PrivacyNote what="request" />
      </div>
      <EnquiryFeedback notice={notice} what="request" />
    </form>
  );
}
