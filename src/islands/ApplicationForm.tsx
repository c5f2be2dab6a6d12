// The pupillage application form on the single career page
// (docs/requirements.md#application-form): its markup. Its fields, labels, messages,
// documents and endpoint are in src/forms/application/; reading, checking,
// reducing photos and sending with upload progress is useApplicationSubmit's
// (src/islands/form/use-application-submit.ts).
import { useId, type InputHTMLAttributes, type ReactNode, type WheelEvent } from 'react';
import {
  acceptsPhotos,
  applicationLabels,
  describeAllowedTypes,
  formatBytes,
  MAX_FILE_BYTES,
  MAX_TOTAL_FILE_BYTES,
  workLocations,
  type ApplicationField,
  type ApplicationFileField,
} from '../forms/application/application.ts';
import { photoAwareAccept } from '../forms/application/photo-reduction.ts';
import { PRIVACY_PATH } from '../lib/privacy.ts';
import { CheckboxField, Field, Honeypot, type ControlProps } from './form/Field.tsx';
import { SubmitButton } from './form/Feedback.tsx';
import { useApplicationSubmit } from './form/use-application-submit.ts';
import './form/form.css';
import './ApplicationForm.css';

export const applicationButtonLabels = {
  idle: 'Submit',
  preparingPhoto: 'Preparing photo…',
  submitting: 'Submitting',
} as const;

interface Props {
  /** The success screen's illustration (docs/requirements.md#application-form). */
  successImage: { src: string; width: number; height: number; alt: string };
  careersHref?: string;
  /** The id of the heading that names the form on the page. */
  headingId?: string;
}

/** "PDF, JPEG or PNG, at most 2 MB; larger photos are reduced to fit": a camera photo need not put anyone off. */
const fileHint = (field: ApplicationFileField) =>
  `${describeAllowedTypes(field)}, at most ${formatBytes(MAX_FILE_BYTES)}` +
  (acceptsPhotos(field) ? '; larger photos are reduced to fit' : '');

const leaveOnWheel = (event: WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

/** `label` with its words `phrase` as a link to `href`. */
function withLink(label: string, phrase: string, href: string): ReactNode {
  const at = label.indexOf(phrase);
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <a href={href}>{phrase}</a>
      {label.slice(at + phrase.length)}
    </>
  );
}

export default function ApplicationForm({ successImage, careersHref = '/careers', headingId }: Props) {
  const {
    hydrated,
    phase,
    problem,
    errors,
    photoNotes,
    preparingPhoto,
    upload,
    onFileChosen,
    successHeading,
    formProps,
  } = useApplicationSubmit();
  const progressId = useId();

  if (phase === 'done') {
    return (
      <div className="application-success">
        <img src={successImage.src} width={successImage.width} height={successImage.height} alt={successImage.alt} />
        <h3 ref={successHeading} tabIndex={-1}>
          Application Successful
        </h3>
        <p>Thank you for applying for this position. We will review and get back you.</p>
        <a className="button button--gold" href={careersHref}>
          Back to Careers
        </a>
      </div>
    );
  }

  const { percent, uploaded, milestone } = upload;

  const text = (name: ApplicationField, props: InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {}) => {
    const { hint, ...input } = props;
    return (
      <Field name={name} label={applicationLabels[name]} required markRequired hint={hint} error={errors[name]}>
        {(control) => <input {...control} className="form-control" type="text" {...input} />}
      </Field>
    );
  };

  const fileField = (field: ApplicationFileField) => (
    <Field
      name={field}
      label={applicationLabels[field]}
      required
      markRequired
      hint={fileHint(field)}
      error={errors[field]}
      note={acceptsPhotos(field) ? (photoNotes[field] ?? '') : undefined}
    >
      {(control: ControlProps) => (
        <input
          {...control}
          className="form-control form-file"
          type="file"
          accept={photoAwareAccept(field)}
          onChange={onFileChosen}
        />
      )}
    </Field>
  );

  return (
    <div className="application">
      <form className="site-form application-form" aria-labelledby={headingId} {...formProps}>
        <p className="form-note">
          Fields marked <span className="form-field__required">*</span> are required. Upload each document as a file of
          at most {formatBytes(MAX_FILE_BYTES)}; the four together may be at most {formatBytes(MAX_TOTAL_FILE_BYTES)}.
        </p>

        <fieldset className="form-section">
          <legend>Personal Information</legend>
          <div className="form-grid">
            {text('fullname', { autoComplete: 'name' })}
            <Field name="email" label={applicationLabels.email} required markRequired error={errors.email}>
              {(control) => (
                <input {...control} className="form-control" type="email" autoComplete="email" spellCheck={false} />
              )}
            </Field>
            <Field name="phone" label={applicationLabels.phone} required markRequired error={errors.phone}>
              {(control) => (
                <input {...control} className="form-control" type="number" inputMode="tel" onWheel={leaveOnWheel} />
              )}
            </Field>
            {text('country', { autoComplete: 'country-name' })}
            {text('gender', { autoComplete: 'sex' })}
            {text('identification', { autoComplete: 'off', spellCheck: false })}
            <Field
              name="work_location"
              label={applicationLabels.work_location}
              required
              markRequired
              error={errors.work_location}
            >
              {(control) => (
                <select {...control} className="form-control form-select" defaultValue="">
                  <option value="">Select a work station</option>
                  {workLocations.map((location) => (
                    <option key={location} value={location}>
                      {location}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="dob" label={applicationLabels.dob} required markRequired error={errors.dob}>
              {(control) => <input {...control} className="form-control" type="date" autoComplete="bday" />}
            </Field>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Kenya School of Law Enrollment</legend>
          <div className="form-grid">
            {text('year_of_enrollment', {
              inputMode: 'numeric',
              maxLength: 4,
              hint: 'Four digits, e.g. 2024',
            })}
            {fileField('ksl_file')}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>LLB Degree</legend>
          <div className="form-grid">
            {text('university')}
            {fileField('llb_degree_file')}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>KCSE Results</legend>
          <div className="form-grid">
            {text('kcse_school', { hint: 'The secondary school where you sat KCSE' })}
            {text('english', { hint: 'Your KCSE grade in English, e.g. A-', spellCheck: false })}
            {fileField('kcse_file')}
            <Field
              name="equivalent_education"
              label={applicationLabels.equivalent_education}
              hint="If you sat an examination equivalent to KCSE, name it and your results"
              error={errors.equivalent_education}
            >
              {(control) => <input {...control} className="form-control" type="text" />}
            </Field>
          </div>
        </fieldset>

        <Honeypot />

        <fieldset className="form-section">
          <legend>Additional Information</legend>
          <div className="form-grid">
            <Field
              name="relevant_experience"
              label={applicationLabels.relevant_experience}
              wide
              error={errors.relevant_experience}
            >
              {(control) => <textarea {...control} className="form-control" rows={4} />}
            </Field>
            <Field
              name="why_join"
              label={applicationLabels.why_join}
              required
              markRequired
              wide
              error={errors.why_join}
            >
              {(control) => <textarea {...control} className="form-control" rows={5} />}
            </Field>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Resume</legend>
          <div className="form-grid">{fileField('cv_file')}</div>
        </fieldset>

        <div className="form-section form-section--declaration">
          <CheckboxField
            name="confirmation"
            label={applicationLabels.confirmation}
            required
            markRequired
            error={errors.confirmation}
          />
          <CheckboxField
            name="privacy_consent"
            label={withLink(applicationLabels.privacy_consent, 'Privacy Notice', PRIVACY_PATH)}
            required
            markRequired
            error={errors.privacy_consent}
          />
        </div>

        <div className="upload-progress" hidden={phase !== 'submitting'}>
          <label htmlFor={progressId}>
            {uploaded ? 'Uploaded. Checking your documents…' : 'Uploading your application…'}
          </label>
          <div className="upload-progress__bar">
            <progress id={progressId} max={100} value={percent ?? undefined}>
              {percent ?? 0}%
            </progress>
            <span className="upload-progress__percent" aria-hidden="true">
              {percent ?? 0}%
            </span>
          </div>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {phase === 'submitting' &&
            milestone !== null &&
            (uploaded ? 'Uploaded. Checking your documents.' : `Uploading: ${milestone}% sent.`)}
        </p>

        <div className="form-actions">
          <SubmitButton
            label={
              phase === 'submitting'
                ? applicationButtonLabels.submitting
                : preparingPhoto
                  ? applicationButtonLabels.preparingPhoto
                  : applicationButtonLabels.idle
            }
            ready={hydrated}
            busy={phase === 'submitting' || preparingPhoto}
            spinner
          />
        </div>
      </form>
      <div role="alert" className="form-feedback">
        {problem && <p className="form-notice form-notice--error application__problem">{problem}</p>}
      </div>
    </div>
  );
}
