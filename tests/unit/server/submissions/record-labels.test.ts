// Staff read each field of a submission under a label, in the order the form
// shows it: in the firm's e-mail and in `npm run submissions -- show`. The
// labels come from the forms' schemas, so a field added to a form is listed.
import { describe, expect, it } from 'vitest';
import { documentFileName, fieldLabels } from '../../../../src/server/submissions/record-labels.ts';

describe('what staff call the parts of a submission', () => {
  it('labels every field a contact message or consultation request keeps, in form order', () => {
    expect(Object.entries(fieldLabels.contact)).toEqual([
      ['name', 'Name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['interest', 'Subject'],
      ['msg', 'Message'],
    ]);
    expect(Object.entries(fieldLabels.consultation)).toEqual([
      ['practice', 'Practice area'],
      ['name', 'Name'],
      ['email', 'Email'],
      ['info', 'Additional information'],
    ]);
  });

  it('labels an application’s fields in form order, leaving its documents and ticked boxes to their own sections', () => {
    expect(Object.entries(fieldLabels.application)).toEqual([
      ['fullname', 'Full name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['country', 'Country of residence'],
      ['gender', 'Gender'],
      ['identification', 'ID/Passport No.'],
      ['work_location', 'Preferred station'],
      ['dob', 'Date of birth'],
      ['year_of_enrollment', 'Year of enrollment (KSL)'],
      ['university', 'University'],
      ['kcse_school', 'KCSE school'],
      ['english', 'KCSE English grade'],
      ['equivalent_education', 'Equivalent education'],
      ['relevant_experience', 'Relevant experience'],
      ['why_join', 'Why they want to join'],
    ]);
  });

  it('names a document by what it is and by its bytes’ type, never by the applicant’s file name', () => {
    expect(documentFileName({ field: 'ksl_file', detectedType: { ext: 'pdf', mime: 'application/pdf' } })).toBe(
      'kenya-school-of-law-enrollment-proof.pdf',
    );
    expect(documentFileName({ field: 'cv_file', detectedType: { ext: 'cfb', mime: 'application/x-cfb' } })).toBe(
      'cv.doc',
    );
  });
});
