// Filling in the pupillage application on the career page, as the form tests
// and the photo tests do: valid answers, and four documents that may be swapped.
import type { Locator, Page } from '@playwright/test';
import { applicationFileFields, type ApplicationFileField } from '../../../src/forms/application/application.ts';
import { validApplicationData, validApplicationFiles } from '../../../scripts/lib/sample-requests.ts';
import { control, openForm } from './forms.ts';

const APPLICATION_PATH = '/careers/mno-pupillage-programme';

export const openApplication = (page: Page) => openForm(page, APPLICATION_PATH, '#apply');

/** A file as Playwright's setInputFiles takes it. */
export interface ChosenDocument {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export type Documents = Record<ApplicationFileField, ChosenDocument>;

/** The four small valid documents of scripts/lib/sample-requests.ts, with `overrides` in their place. */
export function documents(overrides: Partial<Documents> = {}): Documents {
  const files = validApplicationFiles();
  const chosen = Object.fromEntries(
    applicationFileFields.map((field) => [
      field,
      {
        name: files[field].name,
        mimeType: files[field].type ?? 'application/octet-stream',
        buffer: Buffer.from(files[field].bytes),
      },
    ]),
  ) as Documents;
  return { ...chosen, ...overrides };
}

/** Fills in every field with valid answers, `email` to find the stored record by, and chooses `files`. */
export async function fillApplication(form: Locator, email: string, files: Documents) {
  const data = validApplicationData();
  await control(form, 'fullname').fill(data.fullname);
  await control(form, 'email').fill(email);
  await control(form, 'phone').fill('254722000222');
  await control(form, 'country').fill(data.country);
  await control(form, 'gender').fill(data.gender);
  await control(form, 'identification').fill(data.identification);
  await control(form, 'work_location').selectOption(data.work_location);
  await control(form, 'dob').fill(data.dob);
  await control(form, 'year_of_enrollment').fill(data.year_of_enrollment);
  await control(form, 'university').fill(data.university);
  await control(form, 'kcse_school').fill(data.kcse_school);
  await control(form, 'english').fill(data.english);
  await control(form, 'relevant_experience').fill(data.relevant_experience);
  await control(form, 'why_join').fill(data.why_join);
  for (const field of applicationFileFields) await control(form, field).setInputFiles(files[field]);
  await control(form, 'confirmation').check();
  await control(form, 'privacy_consent').check();
}
