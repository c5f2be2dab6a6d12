// Staff read each field of a submission under a label, in the order the form
// shows it: in the firm's e-mail and in `npm run submissions -- show`. The
// labels are the ones the form's page shows, from the form's field definitions
// (src/forms/<form>/), so a field added to a form is listed under its label.
import { describe, expect, it } from 'vitest';
import { site } from '../../../src/site.config.ts';
import { documentFileName, fieldLabels, longFields } from '../../../src/server/record-labels.ts';

describe('what staff call the parts of a submission', () => {
  it('labels every field a contact message or consultation request keeps, in form order', () => {
    expect(Object.entries(fieldLabels.contact)).toEqual([
      ['name', 'Name'],
      ['email', 'Email'],
      ['phone', 'Phone Number'],
      ['interest', 'Subject'],
      ['msg', 'Message'],
    ]);
    expect(Object.entries(fieldLabels.consultation)).toEqual([
      ['practice', 'Practice area'],
      ['name', 'Name'],
      ['email', 'Email'],
      ['info', 'Additional Information'],
    ]);
  });

  it('labels an application’s fields in form order, leaving its documents and ticked boxes to their own sections', () => {
    expect(Object.entries(fieldLabels.application)).toEqual([
      ['fullname', 'Full Name'],
      ['email', 'Email Address'],
      ['phone', 'Phone Number'],
      ['country', 'Country of Residence'],
      ['gender', 'Gender'],
      ['identification', 'ID/Passport No.'],
      ['work_location', 'Work Location'],
      ['dob', 'Date of Birth'],
      ['year_of_enrollment', 'Year of Enrollment'],
      ['university', 'University'],
      ['kcse_school', 'KCSE School'],
      ['english', 'English Grade'],
      ['equivalent_education', 'Equivalent Education'],
      ['relevant_experience', 'Relevant Experience'],
      ['why_join', `Why do you want to join ${site.shortName}?`],
    ]);
  });

  it('shows the fields that are textareas on the page as paragraphs, below their label', () => {
    expect([...longFields].sort()).toEqual(['info', 'msg', 'relevant_experience', 'why_join']);
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
