// The pupillage application form on the single career page (spec §2
// Application form, §4, §5, §7): validated with the application module and
// sent as multipart/form-data (a `data` JSON part and four `uploaded_files`
// parts) with XMLHttpRequest, so the upload's progress can be shown.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type SubmitEvent,
  type InputHTMLAttributes,
  type WheelEvent,
} from 'react';
import {
  acceptsPhotos,
  APPLICATION_ENDPOINT,
  applicationFieldDefinitions,
  applicationFields,
  applicationFileFields,
  applicationLabels,
  checkApplicationFiles,
  describeAllowedTypes,
  formatBytes,
  isFileField,
  MAX_FILE_BYTES,
  MAX_TOTAL_FILE_BYTES,
  validateApplication,
  workLocations,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationFileField,
} from '../forms/application/application.ts';
import { fieldsOfKind, phoneDigitsOnly } from '../forms/shared/fields.ts';
import { PRIVACY_PATH } from '../lib/privacy.ts';
import { applicationFormData, applicationNotSentMessage } from '../forms/application/request.ts';
import { newIdempotencyKey, postMultipart, uploadPercent, type UploadProgress } from '../forms/shared/sending.ts';
import { isPhotoFor, photoAwareAccept } from '../forms/application/photo-reduction.ts';
import { CheckboxField, Field, Honeypot, type ControlProps } from './form/Field.tsx';
import { SubmitButton } from './form/Feedback.tsx';
import { firstFile, isChecked, readTextValues, withUnreadableInput } from './form/form-dom.ts';
import { useFieldErrors } from './form/use-field-errors.ts';
import { usePhotoReduction } from './form/use-photo-reduction.ts';
import { useHydrated } from './use-hydrated.ts';
import './form/form.css';
import './ApplicationForm.css';

/** After a successful application the page scrolls to this many pixels from the top (spec §4, §9). */
const SCROLL_AFTER_SUCCESS_PX = 400;

export const applicationButtonLabels = {
  idle: 'Submit',
  preparingPhoto: 'Preparing photo…',
  submitting: 'Submitting',
} as const;

/** The boxes, read as ticked or not, and the fields read as text: all but the boxes and the documents. */
const checkboxFields = fieldsOfKind(applicationFieldDefinitions, 'checkbox');
const textFields = fieldsOfKind(applicationFieldDefinitions, 'line', 'paragraph', 'trap');

const unreadable: Partial<Record<ApplicationField, string>> = { phone: phoneDigitsOnly };

/** Announced to screen readers at these steps only, not at every percent. */
const ANNOUNCE_EVERY_PERCENT = 25;

interface Props {
  /** The success screen's illustration (spec §2). */
  successImage: { src: string; width: number; height: number; alt: string };
  careersHref?: string;
  /** The id of the heading that names the form on the page. */
  headingId?: string;
}

type Phase = 'idle' | 'submitting' | 'done';

/** Which file goes out for what a field holds: a reduced photo in place of the one chosen. */
type FileToSend = (field: ApplicationFileField, chosen: File | null) => File | null;

function chosenFiles(form: HTMLFormElement, fileToSend: FileToSend) {
  const files = {} as Record<ApplicationFileField, File | null>;
  for (const field of applicationFileFields) files[field] = fileToSend(field, firstFile(form, field));
  return files;
}

/** Everything the form would say about its fields now, in form order. */
function checkForm(form: HTMLFormElement, fileToSend: FileToSend) {
  const files = chosenFiles(form, fileToSend);
  const result = validateApplication({
    ...readTextValues(form, textFields),
    ...Object.fromEntries(applicationFileFields.map((field) => [field, files[field]?.name ?? ''])),
    ...Object.fromEntries(checkboxFields.map((field) => [field, isChecked(form, field)])),
  });
  const fileCheck = checkApplicationFiles(files);
  const fieldErrors = withUnreadableInput(form, result.ok ? {} : result.errors, unreadable);
  const fileErrors = fileCheck.ok ? {} : fileCheck.errors;
  const errors: ApplicationErrors = {};
  for (const field of applicationFields) {
    // A file's own problem (too large) says more than "required" for its name.
    const message = (isFileField(field) ? fileErrors[field] : undefined) ?? fieldErrors[field];
    if (message !== undefined) errors[field] = message;
  }
  return { result, files, errors, total: fileCheck.ok ? undefined : fileCheck.total };
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
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submitting = useRef(false);
  const formFillKey = useRef<string | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const progressId = useId();
  const photos = usePhotoReduction<ApplicationFileField>();
  const fieldErrors = useFieldErrors<ApplicationField>(
    applicationFields,
    (form) => checkForm(form, photos.fileToSend).errors,
  );
  const { errors } = fieldErrors;

  useEffect(() => {
    // Announce the success screen without undoing the spec's scroll position.
    if (phase === 'done') successHeading.current?.focus({ preventScroll: true });
  }, [phase]);

  /**
   * A chosen file that is too large is reported at once, before any upload; a
   * photo only once it has been reduced, and only if it could not be.
   */
  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget.name as ApplicationFileField;
    const file = event.currentTarget.files?.[0];
    const reportSize = (chosen: File) => {
      const check = checkApplicationFiles({ [field]: chosen });
      fieldErrors.set(field, check.ok ? undefined : check.errors[field]);
    };
    if (file && isPhotoFor(field, file)) {
      fieldErrors.set(field, undefined);
      void photos.prepare(field, file).then((toSend) => toSend && reportSize(toSend));
      return;
    }
    photos.forget(field);
    if (file) reportSize(file);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const form = event.currentTarget;
    // A photo still being reduced is waited for: it is never sent as chosen.
    submitting.current = true;
    await photos.settled();
    submitting.current = false;
    const { result, files, errors: found, total } = checkForm(form, photos.fileToSend);
    setProblem(total ?? null);
    if (Object.keys(found).length > 0) {
      fieldErrors.show(form, found);
      return;
    }
    if (!result.ok) return; // unreachable: every failing field has a message above
    if (total !== undefined) {
      fieldErrors.clear();
      form.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      return;
    }

    submitting.current = true;
    fieldErrors.clear();
    setPhase('submitting');
    setProgress({ loaded: 0, total: null });
    const outcome = await postMultipart(
      APPLICATION_ENDPOINT,
      applicationFormData(result.data, files as Record<ApplicationFileField, File>),
      // The same key on every retry of this fill: an answer lost on a dropped connection never stores it twice.
      { onProgress: setProgress, idempotencyKey: (formFillKey.current ??= newIdempotencyKey()) },
    );
    submitting.current = false;
    setProgress(null);
    if (outcome.ok) {
      window.scrollTo({ top: SCROLL_AFTER_SUCCESS_PX });
      form.reset();
      setPhase('done');
    } else {
      setPhase('idle');
      setProblem(outcome.message ?? applicationNotSentMessage(outcome.status));
    }
  }

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

  const percent = progress ? uploadPercent(progress) : null;
  const uploaded = percent === 100;
  const milestone = percent === null ? null : Math.floor(percent / ANNOUNCE_EVERY_PERCENT) * ANNOUNCE_EVERY_PERCENT;

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
      note={acceptsPhotos(field) ? (photos.notes[field] ?? '') : undefined}
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
      <form
        className="site-form application-form"
        aria-labelledby={headingId}
        noValidate
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => void onSubmit(event)}
        onChange={fieldErrors.onChange}
        onBlur={fieldErrors.onBlur}
      >
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
                : photos.preparing
                  ? applicationButtonLabels.preparingPhoto
                  : applicationButtonLabels.idle
            }
            ready={hydrated}
            busy={phase === 'submitting' || photos.preparing}
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
