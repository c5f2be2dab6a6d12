// Requests the form functions must refuse, and reading their answers, for the
// tests; the spec's field lists, written out as the spec gives them. (Valid
// requests are built by scripts/lib/sample-requests.ts.)
import { APPLICATION_ENDPOINT, applicationFileFields } from '../../src/forms/application/application.ts';
import { origin, validApplicationFiles, type UploadFile } from '../../scripts/lib/sample-requests.ts';

/** A valid application's four documents in the form's order, with `overrides` in their places. */
export function applicationFilesWith(
  overrides: Partial<Record<(typeof applicationFileFields)[number], UploadFile>> = {},
) {
  const files = { ...validApplicationFiles(), ...overrides };
  return applicationFileFields.map((field) => files[field]);
}

/** A multipart body written by hand, for shapes FormData cannot produce. */
export function rawMultipartRequest(body: string | Buffer, boundary = 'test-boundary'): Request {
  return new Request(new URL(APPLICATION_ENDPOINT, origin), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: new Uint8Array(typeof body === 'string' ? Buffer.from(body, 'latin1') : body),
  });
}

export async function messageOf(response: Response): Promise<string> {
  const body = (await response.json()) as { message?: unknown };
  if (typeof body.message !== 'string') throw new Error(`answer without a message: ${JSON.stringify(body)}`);
  return body.message;
}

/**
 * The 17 application fields the firm marks "This input is required", written out as
 * docs/requirements.md#application-form lists them.
 */
export const SPEC_REQUIRED_APPLICATION_FIELDS = [
  'fullname',
  'email',
  'phone',
  'country',
  'gender',
  'identification',
  'work_location',
  'dob',
  'year_of_enrollment',
  'ksl_file',
  'university',
  'llb_degree_file',
  'kcse_school',
  'english',
  'kcse_file',
  'why_join',
  'cv_file',
] as const;

/**
 * The keys of the application's `data` JSON as docs/requirements.md#requests lists them, then the consent the
 * privacy notice added, then the file fields: written out here so the tests check the order the
 * spec fixes rather than the order the code happens to produce.
 */
export const SPEC_APPLICATION_DATA_KEYS = [
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
  'cv_file',
  'kcse_file',
  'ksl_file',
  'llb_degree_file',
] as const;
