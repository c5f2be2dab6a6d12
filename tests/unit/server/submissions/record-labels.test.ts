// Staff read each field of a submission under a label, in the order the form
// shows it: in the firm's e-mail and in `npm run submissions -- show`. The
// labels are the ones the form's page shows, from the form's field definitions
// (src/forms/<form>/), so a field added to a form is listed under its label.
// (Each form's own tests write its labels out.)
import { describe, expect, it } from 'vitest';
import { applicationFieldDefinitions } from '../../../../src/forms/application/application.ts';
import { consultationFieldDefinitions } from '../../../../src/forms/consultation/consultation.ts';
import { contactFieldDefinitions } from '../../../../src/forms/contact/contact.ts';
import { fieldsOfKind, labelsOf, type FormFields } from '../../../../src/forms/shared/fields.ts';
import { site } from '../../../../src/site.config.ts';
import { documentFileName, fieldLabels, longFields } from '../../../../src/server/submissions/record-labels.ts';

/**
 * The page's label of each field a person types or chooses, in form order but
 * for the fields staff read first (how and when to reach the person), which
 * come first: all but the honeypot, boxes and documents.
 */
const typedFieldLabels = (fields: FormFields) => {
  const labels: Record<string, string> = labelsOf(fields);
  const typed = fieldsOfKind(fields, 'line', 'paragraph', 'choice', 'choices', 'time');
  const first = typed.filter((field) => fields[field]!.staffFirst);
  return [...first, ...typed.filter((field) => !first.includes(field))].map((field) => [field, labels[field]]);
};

describe('what staff call the parts of a submission', () => {
  it.each([
    ['contact', contactFieldDefinitions],
    ['consultation', consultationFieldDefinitions],
    ['application', applicationFieldDefinitions],
  ] as const)(
    'labels every field a %s record keeps with the label its page shows, in form order, leaving documents and ticked boxes to their own sections',
    (type, fields) => {
      expect(Object.entries(fieldLabels[type])).toEqual(typedFieldLabels(fields));
    },
  );

  it('reads the page’s words, not a second set of labels', () => {
    expect(fieldLabels.contact).toMatchObject({ phone: 'Phone Number', interest: 'Subject' });
    expect(fieldLabels.consultation).toMatchObject({ practice: 'Practice area', info: 'Additional Information' });
    expect(Object.keys(fieldLabels.consultation)).toEqual([
      'phone',
      'contact_method',
      'meeting_place',
      'preferred_times',
      'slot',
      'practice',
      'name',
      'email',
      'info',
    ]);
    expect(fieldLabels.application).toMatchObject({
      fullname: 'Full Name',
      email: 'Email Address',
      work_location: 'Work Location',
      why_join: `Why do you want to join ${site.shortName}?`,
    });
  });

  it('shows the fields that are textareas on the page as paragraphs, below their label', () => {
    const paragraphs = [contactFieldDefinitions, consultationFieldDefinitions, applicationFieldDefinitions].flatMap(
      (fields) => fieldsOfKind(fields, 'paragraph'),
    );
    expect([...longFields]).toEqual(paragraphs);
    expect(paragraphs).toEqual(expect.arrayContaining(['msg', 'info', 'relevant_experience', 'why_join']));
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
