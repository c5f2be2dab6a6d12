// One labelled form control with its hint and its message. The message sits
// below the control and is tied to it with aria-describedby; the control
// carries aria-invalid while there is one.
import { useId, type ReactNode } from 'react';
import { sharedEnquiryCopy } from '../../forms/shared/enquiry-copy.ts';
import { honeypot } from '../../forms/shared/fields.ts';
import type { Localised } from '../../lib/i18n/localised.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';

/** Attributes the control must carry; spread them onto the input, select or textarea. */
export interface ControlProps {
  id: string;
  name: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The spec's field name: the control's `name`. */
  name: string;
  label: ReactNode;
  required?: boolean;
  /** Show * after required labels (the application form's convention); otherwise only "(optional)" is marked. */
  markRequired?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** Spans both columns of a two-column grid. */
  wide?: boolean;
  /**
   * What the form did with the value, e.g. "Photo reduced from 4.2 MB to 640 KB",
   * shown below the control and announced politely. Pass '' while there is none:
   * the live region must be on the page before its text arrives to be announced.
   */
  note?: string;
  /** The form's language: the "(optional)" mark's. */
  lang?: Language;
  children: (control: ControlProps) => ReactNode;
}

export function Field({
  name,
  label,
  required = false,
  markRequired = false,
  hint,
  error,
  wide,
  note,
  lang = DEFAULT_LANGUAGE,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  // A message about a wrong value says more than a note about what was done with it.
  const showNote = note !== undefined && !error;
  const describedBy =
    [error ? errorId : null, showNote && note ? noteId : null, hint ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`form-field${wide ? ' form-field--wide' : ''}${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && markRequired && <RequiredMark />}
        {!required && <span className="form-field__optional"> {sharedEnquiryCopy[lang].optional}</span>}
      </label>
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
      {showNote && (
        <p className="form-field__note" id={noteId} aria-live="polite">
          {note}
        </p>
      )}
    </div>
  );
}

interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  markRequired?: boolean;
  error?: string | undefined;
}

/** A single checkbox with its label beside it and its message below. */
export function CheckboxField({ name, label, required = false, markRequired = false, error }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form-field form-field--checkbox${error ? ' form-field--invalid' : ''}`}>
      <div className="form-check">
        <input
          className="form-check__input"
          type="checkbox"
          id={id}
          name={name}
          value="true"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label className="form-check__label" htmlFor={id}>
          {label}
          {required && markRequired && <RequiredMark />}
        </label>
      </div>
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
    </div>
  );
}

interface ChoicesFieldProps {
  name: string;
  label: ReactNode;
  /** Each option's value and its name: in every language, already in the form's, or in another language it names. */
  options: Readonly<Record<string, Localised | string | { text: string; lang: Language }>>;
  lang: Language;
  /** At least one must be ticked: the legend has no "(optional)" mark. */
  required?: boolean;
  /** The values ticked when the form is shown. */
  ticked?: readonly string[];
  error?: string | undefined;
}

/** A group of checkboxes sharing `name`: any number may be ticked (optional unless `required`). */
export function ChoicesField({ name, label, options, lang, required = false, ticked = [], error }: ChoicesFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`form-field form-choices${error ? ' form-field--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-field__label">
        {label}
        {!required && <span className="form-field__optional"> {sharedEnquiryCopy[lang].optional}</span>}
      </legend>
      {Object.entries(options).map(([value, names]) => (
        <div className="form-check" key={value}>
          <input
            className="form-check__input"
            type="checkbox"
            id={`${id}-${value}`}
            name={name}
            value={value}
            defaultChecked={ticked.includes(value)}
            aria-invalid={error ? true : undefined}
          />
          <label
            className="form-check__label"
            htmlFor={`${id}-${value}`}
            lang={typeof names === 'object' && 'text' in names ? names.lang : undefined}
          >
            {typeof names === 'string' ? names : 'text' in names ? names.text : names[lang]}
          </label>
        </div>
      ))}
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
    </fieldset>
  );
}

/** The asterisk is for the eye: the control's own `required` tells assistive technology. */
function RequiredMark() {
  return (
    <span className="form-field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

function FieldMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="form-field__error" id={id}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.2v4.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="8" cy="11.6" r="1.05" fill="#fff" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

/**
 * The spam trap `honey`: off-screen, out of the tab order and hidden from
 * assistive technology, so only a bot fills it in.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div className="form-honey" aria-hidden="true">
      <label htmlFor={id}>{honeypot.label}</label>
      <input id={id} type="text" name="honey" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface NameAndEmailProps {
  /** The form's labels (src/forms/<form>/). */
  labels: { name: string; email: string };
  errors: { name?: string | undefined; email?: string | undefined };
}

/** The name and e-mail fields that open both enquiry forms. */
export function NameAndEmailFields({ labels, errors }: NameAndEmailProps) {
  return (
    <>
      <Field name="name" label={labels.name} required error={errors.name}>
        {(control) => <input {...control} className="form-control" type="text" autoComplete="name" />}
      </Field>
      <Field name="email" label={labels.email} required error={errors.email}>
        {(control) => (
          <input {...control} className="form-control" type="email" autoComplete="email" spellCheck={false} />
        )}
      </Field>
    </>
  );
}
