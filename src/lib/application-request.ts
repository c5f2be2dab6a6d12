// The body of a pupillage application as the ApplicationForm island sends it
// (spec §7): a `data` text part holding the JSON of the validated fields (the
// file fields carry the chosen files' names), then one `uploaded_files` part
// per document, in the order of `applicationFileFields`.
import { site } from '../site.config';
import {
  applicationFileFields,
  type ApplicationData,
  type ApplicationFileField,
} from '../forms/application';

export const APPLICATION_ENDPOINT = '/api/v1/client/pupillage-application';

/** The keys of the `data` JSON, in the order the spec lists them (§7), then the file fields. */
export const applicationDataKeys = [
  'fullname',
  'email',
  'phone',
  'country',
  'gender',
  'identification',
  'work_location',
  'dob',
  'year_of_enrollment',
  'university',
  'kcse_school',
  'english',
  'equivalent_education',
  'honey',
  'relevant_experience',
  'why_join',
  'confirmation',
  'privacy_consent',
  ...applicationFileFields,
] as const satisfies readonly (keyof ApplicationData)[];

/** The JSON of the `data` part. */
export function applicationDataJson(data: ApplicationData): string {
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

// Every field of the data part is sent: a key added to the schema must be added above too.
type Missing = Exclude<keyof ApplicationData, (typeof applicationDataKeys)[number]>;
const everyKeySent: [Missing] extends [never] ? true : Missing = true;
void everyKeySent;
