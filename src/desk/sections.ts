// The desk's sections, in the order of its menu; partners alone see the last three.
import type { StaffRole } from './types.ts';

const SECTIONS = [
  { id: 'inbox', name: 'Inbox', partnersOnly: false },
  { id: 'consultations', name: 'Consultations', partnersOnly: false },
  { id: 'applicants', name: 'Applicants', partnersOnly: false },
  { id: 'alerts', name: 'Alerts', partnersOnly: false },
  { id: 'data-requests', name: 'Data requests', partnersOnly: true },
  { id: 'people', name: 'People', partnersOnly: true },
  { id: 'audit', name: 'Audit', partnersOnly: true },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export const sectionsFor = (role: StaffRole) =>
  SECTIONS.filter((section) => role === 'partner' || !section.partnersOnly);

/** The section the address names (#people), else the inbox; a section the role may not see is the inbox too. */
export function sectionFromHash(hash: string, role: StaffRole): SectionId {
  const id = hash.replace(/^#/, '');
  return sectionsFor(role).find((section) => section.id === id)?.id ?? 'inbox';
}
