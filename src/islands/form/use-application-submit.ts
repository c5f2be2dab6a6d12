// Everything the pupillage application form does but its markup (docs/requirements.md#application-form,
// #requests): reading each field as its kind says (src/forms/application/), checking
// it as the person goes and on submit, reducing photos of certificates before
// they are sent, and sending multipart/form-data with XMLHttpRequest so the
// upload's progress can be shown. The ApplicationForm island lays the form out
// and spreads `formProps` on its <form>.
import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  APPLICATION_ENDPOINT,
  applicationFieldDefinitions,
  applicationFields,
  applicationFileFields,
  checkApplicationFiles,
  isFileField,
  validateApplication,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationFileField,
} from '../../forms/application/application.ts';
import { isPhotoFor } from '../../forms/application/photo-reduction.ts';
import { applicationFormData, applicationNotSentMessage } from '../../forms/application/request.ts';
import { fieldsOfKind, phoneDigitsOnly } from '../../forms/shared/fields.ts';
import { newIdempotencyKey, postMultipart, uploadPercent, type UploadProgress } from '../../forms/shared/sending.ts';
import { useEarlyInput } from '../use-early-input.ts';
import { useHydrated } from '../use-hydrated.ts';
import { firstFile, isChecked, readTextValues, withUnreadableInput } from './form-dom.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { usePhotoReduction } from './use-photo-reduction.ts';

/** After a successful application the page scrolls to this many pixels from the top (docs/requirements.md#application-form). */
const SCROLL_AFTER_SUCCESS_PX = 400;

/** Announced to screen readers at these steps only, not at every percent. */
const ANNOUNCE_EVERY_PERCENT = 25;

/** The boxes, read as ticked or not, and the fields read as text: all but the boxes and the documents. */
const checkboxFields = fieldsOfKind(applicationFieldDefinitions, 'checkbox');
const textFields = fieldsOfKind(applicationFieldDefinitions, 'line', 'paragraph', 'trap');

const unreadable: Partial<Record<ApplicationField, string>> = { phone: phoneDigitsOnly };

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

export function useApplicationSubmit() {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submitting = useRef(false);
  const formFillKey = useRef<string | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const photos = usePhotoReduction<ApplicationFileField>();
  const fieldErrors = useFieldErrors<ApplicationField>(
    applicationFields,
    (form) => checkForm(form, photos.fileToSend).errors,
  );

  useEffect(() => {
    const heading = successHeading.current;
    if (phase !== 'done' || !heading) return;
    // The spec's 400 px (set on success) shows the screen on a desktop; on a phone the form was far longer than
    // the screen, so there its message is brought into view. Focus announces it without undoing either scroll.
    const message = heading.nextElementSibling ?? heading;
    const headerBottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const [top, bottom] = [heading.getBoundingClientRect().top, message.getBoundingClientRect().bottom];
    if (top < Math.max(headerBottom, 0) || bottom > window.innerHeight) heading.scrollIntoView({ block: 'center' });
    heading.focus({ preventScroll: true });
  }, [phase]);

  /**
   * A chosen file that is too large is reported at once, before any upload; a
   * photo only once it has been reduced, and only if it could not be.
   */
  function fileChosen(field: ApplicationFileField, file: File | undefined) {
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

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) =>
    fileChosen(event.currentTarget.name as ApplicationFileField, event.currentTarget.files?.[0]);

  // Documents chosen before the island woke are checked, and their photos reduced, as if chosen now.
  const formRef = useEarlyInput<HTMLFormElement>((form) => {
    for (const field of applicationFileFields) {
      const file = firstFile(form, field);
      if (file) fileChosen(field, file);
    }
  });

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

  const percent = progress ? uploadPercent(progress) : null;

  return {
    /** False until the island has hydrated: the server-rendered form cannot be sent. */
    hydrated,
    phase,
    /** The message about the whole application (files too large together, not sent), or null. */
    problem,
    /** Each field's message, in form order. */
    errors: fieldErrors.errors,
    /** What each document's field says about its photo, e.g. "Photo reduced from 4.2 MB to 640 KB". */
    photoNotes: photos.notes,
    /** A photo is being reduced. */
    preparingPhoto: photos.preparing,
    upload: {
      /** Whole percent sent, or null before the browser knows the total. */
      percent,
      /** Every byte has left: the server is checking the documents. */
      uploaded: percent === 100,
      /** The last step of ANNOUNCE_EVERY_PERCENT passed, for screen readers. */
      milestone: percent === null ? null : Math.floor(percent / ANNOUNCE_EVERY_PERCENT) * ANNOUNCE_EVERY_PERCENT,
    },
    /** Put on each document's file input. */
    onFileChosen,
    /** Put on the success screen's heading, which takes focus once the application is sent. */
    successHeading,
    /** Spread on the <form>. */
    formProps: { ...fieldErrors.formProps(onSubmit), encType: 'multipart/form-data', ref: formRef },
  };
}
