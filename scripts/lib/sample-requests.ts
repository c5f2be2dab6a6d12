// The requests browsers send to the form functions, filled in with valid sample
// data: for the tests and the bench.
import {
  APPLICATION_ENDPOINT,
  applicationFileFields,
  type ApplicationFileField,
} from '../../src/forms/application/application.ts';
import { docxBytes, jpegBytes, pdfBytes, pngBytes } from './sample-documents.ts';

export const origin = 'http://localhost:8888';

export function jsonRequest(path: string, body: unknown, init: RequestInit = {}): Request {
  return new Request(new URL(path, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

export const validContact = () => ({
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.co.ke',
  honey: '',
  phone: '0722 000 111',
  interest: 'Estate planning',
  msg: 'I would like advice on writing a will for my family.',
});

export const validConsultation = () => ({
  practice: 'Transgenerational Estate Planning',
  name: 'Otieno Odhiambo',
  email: 'otieno@example.com',
  info: 'We run a family business and want to plan its succession.',
  honey: '',
});

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export const validApplicationFiles = (): Record<ApplicationFileField, UploadFile> => ({
  cv_file: {
    name: 'cv.docx',
    bytes: docxBytes(),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  kcse_file: { name: 'kcse.png', bytes: pngBytes(), type: 'image/png' },
  ksl_file: { name: 'ksl-admission.pdf', bytes: pdfBytes('ksl'), type: 'application/pdf' },
  llb_degree_file: { name: 'llb.jpg', bytes: jpegBytes(), type: 'image/jpeg' },
});

export const validApplicationData = (files = validApplicationFiles()) => ({
  fullname: 'Achieng Njeri Mwangi',
  email: 'achieng@example.com',
  phone: '+254 722 000 222',
  country: 'Kenya',
  gender: 'Female',
  identification: '30123456',
  work_location: 'Kakamega',
  dob: '2000-02-29',
  year_of_enrollment: '2024',
  university: 'University of Nairobi',
  kcse_school: 'Alliance Girls High School',
  english: 'A-',
  equivalent_education: '',
  honey: '',
  relevant_experience: 'Volunteer at a legal aid clinic.',
  why_join: 'I want to learn estate planning from practitioners who care about families.',
  confirmation: true,
  privacy_consent: true,
  cv_file: files.cv_file.name,
  kcse_file: files.kcse_file.name,
  ksl_file: files.ksl_file.name,
  llb_degree_file: files.llb_degree_file.name,
});

/**
 * The application as the island sends it: FormData with a `data` part, then
 * the files as `uploaded_files` in the spec's order (or `files` as given).
 * The body is encoded up front, as it reaches a function on Netlify (buffered),
 * which also keeps undici's FormData stream from failing when a function stops
 * reading early.
 */
export async function applicationRequest({
  data = validApplicationData() as Record<string, unknown> | string,
  files = applicationFileFields.map((field) => validApplicationFiles()[field]) as UploadFile[],
  headers = {},
}: {
  data?: Record<string, unknown> | string;
  files?: UploadFile[];
  headers?: Record<string, string>;
} = {}): Promise<Request> {
  const form = new FormData();
  form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const file of files) {
    form.append(
      'uploaded_files',
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }),
    );
  }
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request(new URL(APPLICATION_ENDPOINT, origin), {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...headers },
    body,
  });
}
