// Word 97–2003 (.doc) files: compound files (compound-file.ts) whose text is in
// a WordDocument stream. Their macros are a VBA project: a Macros storage
// holding a VBA storage with a _VBA_PROJECT stream, at the root or, in an
// embedded document, deeper down.
import type { CompoundFileEntry } from './compound-file.ts';

const MACRO_PROJECT_NAMES = new Set(['macros', 'vba', '_vba_project']);

// Compound file names compare without regard to case ([MS-CFB] 2.6.4).
export const isWordDocument = (entries: CompoundFileEntry[]) =>
  entries.some((entry) => entry.kind === 'stream' && entry.name.toLowerCase() === 'worddocument');

export const hasMacroProject = (entries: CompoundFileEntry[]) =>
  entries.some((entry) => MACRO_PROJECT_NAMES.has(entry.name.toLowerCase()));
