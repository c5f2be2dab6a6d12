// The body of a pupillage application as the ApplicationForm island sends it
// (docs/requirements.md#requests): a `data` text part holding the JSON of the validated fields (the
// file fields carry the chosen files' names), then one `uploaded_files` part
// per document, in the order of `applicationFileFields`.
import { site } from '../../site.config.ts';
import {
  applicationFields,
  applicationFileFields,
  isFileField,
  type ApplicationData,
  type ApplicationFileField,
} from './application.ts';

/** The keys of the `data` JSON: the form's fields in order, the file fields last (docs/requirements.md#requests). */
const applicationDataKeys: readonly (keyof ApplicationData)[] = [
  ...applicationFields.filter((field) => !isFileField(field)),
  ...applicationFileFields,
];

/** The JSON of the `data` part. */
function applicationDataJson(data: ApplicationData): string {
  const ordered: Record<string, unknown> = {};
  for (const key of applicationDataKeys) ordered[key] = data[key];
  return JSON.stringify(ordered);
}

/** The multipart body: `data`, then the four documents as `uploaded_files`. */
export function applicationFormData(data: ApplicationData, files: Record<ApplicationFileField, Blob>): FormData {
  const body = new FormData();
  body.append('data', applicationDataJson(data));
  for (const field of applicationFileFields) {
    const file = files[field];
    body.append('uploaded_files', file, file instanceof File ? file.name : data[field]);
  }
  return body;
}

/**
 * What the form says when an application was not sent and the server gave no
 * message: the connection failed (`status` 0) or something between the browser
 * and the function answered (a proxy's error page, a rate limit).
 */
export function applicationNotSentMessage(status: number): string {
  const help = `Your answers and files are still here. If it keeps failing, call us on ${site.phones.local}.`;
  if (status === 0) {
    return `Your application was not sent: the connection was interrupted. Please check your connection and submit again. ${help}`;
  }
  if (status === 429) {
    return `Your application was not sent: too many attempts in a short time. Please wait a minute and submit again. ${help}`;
  }
  return `Your application was not sent (error ${status}). Please try again in a few minutes. ${help}`;
}
