import { describe, expect, it } from 'vitest';
import {
  applicationDeclaration,
  applicationFieldDefinitions,
  applicationFields,
  applicationFileFields,
  applicationFileLabels,
  applicationLabels,
  checkApplicationFiles,
  describeAllowedTypes,
  fileAccept,
  fileMessages,
  formatBytes,
  MAX_APPLICATION_BODY_BYTES,
  MAX_FILE_BYTES,
  MAX_TOTAL_FILE_BYTES,
  validateApplication,
} from '../../../../src/forms/application/application.ts';
import { fieldsOfKind } from '../../../../src/forms/shared/fields.ts';
import { site } from '../../../../src/site.config.ts';
import { validApplicationData } from '../../../../scripts/lib/sample-requests.ts';
import { SPEC_REQUIRED_APPLICATION_FIELDS } from '../../../support/requests.ts';

const requiredFields = SPEC_REQUIRED_APPLICATION_FIELDS;

describe('pupillage application schema', () => {
  it('accepts a complete application', () => {
    const result = validateApplication(validApplicationData());
    expect(result).toEqual({ ok: true, data: validApplicationData() });
  });

  it.each(requiredFields)('without %s it says "This input is required"', (field) => {
    const { [field]: _omitted, ...values } = validApplicationData();
    expect(validateApplication(values)).toEqual({ ok: false, errors: { [field]: 'This input is required' } });
  });

  it.each([undefined, false, 'false', ''])(
    'with the declaration box unticked (%s) it says "Please check this box"',
    (value) => {
      expect(validateApplication({ ...validApplicationData(), confirmation: value })).toEqual({
        ok: false,
        errors: { confirmation: 'Please check this box' },
      });
    },
  );

  it('asks for the declaration when the box is left out entirely', () => {
    const { confirmation: _c, ...values } = validApplicationData();
    expect(validateApplication(values)).toEqual({ ok: false, errors: { confirmation: 'Please check this box' } });
  });

  it('lets equivalent education, relevant experience and the honeypot be left out', () => {
    const { equivalent_education: _e, relevant_experience: _r, honey: _h, ...values } = validApplicationData();
    const result = validateApplication(values);
    expect(result.ok).toBe(true);
  });

  it('reports all empty fields in the order of the form', () => {
    const result = validateApplication({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([
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
      'confirmation',
      'privacy_consent',
    ]);
  });

  it('only offers the two work stations', () => {
    expect(validateApplication({ ...validApplicationData(), work_location: 'Mombasa' })).toEqual({
      ok: false,
      errors: { work_location: 'Choose Nairobi or Kakamega' },
    });
    expect(validateApplication({ ...validApplicationData(), work_location: 'Nairobi' }).ok).toBe(true);
  });

  it('checks the date of birth and the year of enrollment', () => {
    const result = validateApplication({
      ...validApplicationData(),
      dob: '2001-02-29',
      year_of_enrollment: '24',
      email: 'achieng.example.com',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'Enter a valid email address, e.g. name@example.com',
        dob: 'Enter your date of birth as a date, e.g. 1999-04-30',
        year_of_enrollment: 'Enter the year as four digits, e.g. 2024',
      },
    });
    const future = validateApplication({ ...validApplicationData(), dob: '2999-01-01', year_of_enrollment: 2024 });
    expect(future).toEqual({ ok: false, errors: { dob: 'Enter a date of birth in the past' } });
  });

  it('bounds the long answers', () => {
    const result = validateApplication({
      ...validApplicationData(),
      why_join: 'w'.repeat(5001),
      fullname: 'n'.repeat(121),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        fullname: 'Full name must be at most 120 characters',
        why_join: 'Why you want to join must be at most 5000 characters',
      },
    });
  });
});

describe('pupillage application fields', () => {
  it('labels each field as the page shows it (docs/requirements.md#application-form); staff read the same labels', () => {
    expect(Object.entries(applicationLabels)).toEqual([
      ['fullname', 'Full Name'],
      ['email', 'Email Address'],
      ['phone', 'Phone Number'],
      ['country', 'Country of Residence'],
      ['gender', 'Gender'],
      ['identification', 'ID/Passport No.'],
      ['work_location', 'Work Location'],
      ['dob', 'Date of Birth'],
      ['year_of_enrollment', 'Year of Enrollment'],
      ['ksl_file', 'Kenya School of Law enrollment proof'],
      ['university', 'University'],
      ['llb_degree_file', 'LLB degree certificate'],
      ['kcse_school', 'KCSE School'],
      ['english', 'English Grade'],
      ['kcse_file', 'KCSE certificate'],
      ['equivalent_education', 'Equivalent Education'],
      ['honey', 'Leave this field empty'],
      ['relevant_experience', 'Relevant Experience'],
      ['why_join', `Why do you want to join ${site.shortName}?`],
      ['cv_file', 'CV'],
      ['confirmation', applicationDeclaration],
      [
        'privacy_consent',
        'I have read the Privacy Notice and agree to my application being handled as it describes, including storage outside Kenya.',
      ],
    ]);
  });

  it('has a file field for each document, under the document’s name', () => {
    const fileFields = fieldsOfKind(applicationFieldDefinitions, 'file');
    expect([...fileFields].sort()).toEqual([...applicationFileFields].sort());
    for (const field of applicationFileFields) expect(applicationLabels[field]).toBe(applicationFileLabels[field]);
  });

  it('has two boxes to tick and two paragraphs; every other field is one line, but the honeypot', () => {
    expect(fieldsOfKind(applicationFieldDefinitions, 'checkbox')).toEqual(['confirmation', 'privacy_consent']);
    expect(fieldsOfKind(applicationFieldDefinitions, 'paragraph')).toEqual(['relevant_experience', 'why_join']);
    expect(fieldsOfKind(applicationFieldDefinitions, 'trap')).toEqual(['honey']);
    expect(fieldsOfKind(applicationFieldDefinitions, 'line')).toHaveLength(applicationFields.length - 4 - 2 - 2 - 1);
  });
});

describe('application upload limits', () => {
  it('lets four files of at most 2 MB each, 4 MB together, fit Netlify’s 6 MB base64-encoded body', () => {
    expect(MAX_FILE_BYTES).toBe(2 * 1024 * 1024);
    expect(MAX_TOTAL_FILE_BYTES).toBe(4 * 1024 * 1024);
    expect(Math.ceil(MAX_APPLICATION_BODY_BYTES / 3) * 4).toBeLessThan(6_000_000);
    expect(formatBytes(MAX_FILE_BYTES)).toBe('2 MB');
  });

  const chosen = (size: number) =>
    Object.fromEntries(applicationFileFields.map((field) => [field, { name: `${field}.pdf`, size }]));

  it('passes four files within the limits', () => {
    expect(checkApplicationFiles(chosen(1024 * 1024))).toEqual({ ok: true });
  });

  it('names a file that is too large and the limit', () => {
    const files = { ...chosen(1000), ksl_file: { name: 'ksl-scan.pdf', size: 3 * 1024 * 1024 } };
    const result = checkApplicationFiles(files);
    expect(result).toMatchObject({ ok: false });
    if (result.ok) return;
    expect(result.errors.ksl_file).toBe(
      'The Kenya School of Law enrollment proof (ksl_file, ksl-scan.pdf) is 3 MB; each file may be at most 2 MB. ' +
        'Scan it again at 150–200 dpi, or photograph the page instead.',
    );
  });

  it('tells how to make a PDF smaller, and suggests a photo only where a photo is taken', () => {
    const MB3 = 3 * 1024 * 1024;
    const ending = (message: string, expected: string) => expect(message.slice(-expected.length)).toBe(expected);
    const photoFix = 'at most 2 MB. Scan it again at 150–200 dpi, or photograph the page instead.';
    ending(fileMessages.tooLarge('kcse_file', 'KCSE.PDF', MB3), photoFix);
    ending(fileMessages.tooLargeWhileUploading('llb_degree_file', 'llb.pdf'), photoFix);
    ending(fileMessages.tooLarge('cv_file', 'cv.pdf', MB3), 'at most 2 MB. Scan or save it again at 150–200 dpi.');
    // A photo still too large (one the browser could not decode) gets no advice about scans.
    ending(fileMessages.tooLarge('kcse_file', 'kcse.jpg', MB3), 'is 3 MB; each file may be at most 2 MB.');
  });

  it('refuses files that are each allowed but together too large', () => {
    const result = checkApplicationFiles(chosen(1.5 * 1024 * 1024));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({});
    expect(result.total).toMatch(/together are 6 MB; together they may be at most 4 MB/);
  });

  it('asks for each missing or empty file', () => {
    const result = checkApplicationFiles({ cv_file: { name: 'cv.pdf', size: 0 }, kcse_file: null });
    expect(result).toEqual({
      ok: false,
      errors: {
        cv_file: 'This input is required',
        kcse_file: 'This input is required',
        ksl_file: 'This input is required',
        llb_degree_file: 'This input is required',
      },
    });
  });

  it('tells the file inputs which types to offer', () => {
    expect(fileAccept('cv_file')).toContain('.docx');
    expect(fileAccept('kcse_file')).toBe('.pdf,application/pdf,.jpg,.jpeg,image/jpeg,.png,image/png');
    expect(describeAllowedTypes('ksl_file')).toBe('PDF, JPEG or PNG');
    expect(describeAllowedTypes('cv_file')).toBe('PDF or Word (.docx)');
  });
});
