// What the desk's functions answer (src/server/desk/), as the desk reads it.
export type StaffRole = 'partner' | 'staff';

export interface Me {
  email: string;
  role: StaffRole;
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
}

export const RECORD_STATUSES = ['new', 'in progress', 'answered', 'closed', 'spam'] as const;
export const APPLICANT_STATUSES = ['received', 'shortlisted', 'interview', 'declined', 'offered'] as const;
export const RECORD_KINDS = {
  contact: 'Contact message',
  consultation: 'Consultation request',
  application: 'Application',
} as const;
export type RecordKind = keyof typeof RECORD_KINDS;

interface RecordSummary {
  id: string;
  kind: RecordKind;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  status: string;
  assignedTo: string | null;
}

export interface RecordPage {
  records: RecordSummary[];
  page: number;
  pages: number;
  total: number;
}

export interface RecordDetail extends RecordSummary {
  fields: { label: string; value: string }[];
  documents: { name: string; label: string; url: string }[];
  chosenTime: { label: string; state: string } | null;
  applicantStatus: string | null;
  notes: { by: string; at: string; text: string }[];
  history: { by: string; at: string; what: string; from: string | null; to: string | null }[];
}

export interface ConsultationDay {
  day: string;
  times: { id: string; label: string; state: 'held' | 'booked'; name: string; place: string }[];
}

export interface Person {
  id: string;
  email: string;
  role: StaffRole;
  revokedAt: string | null;
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
}

export interface AuditEvent {
  at: string;
  who: string | null;
  action: string;
  subject: string;
}
