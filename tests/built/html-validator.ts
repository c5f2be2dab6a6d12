// HTML validation with html-validate's recommended rules, less the ones that
// only judge how Astro and React serialise markup, each off for a stated reason.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { HtmlValidate, defineConfig } from 'html-validate';

const config = defineConfig({
  root: true,
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    // Astro writes its one-line island stylesheet beside the first island, in the body; browsers apply it there.
    { style: { flow: true } },
  ],
  rules: {
    // React writes void elements as <input/> and boolean attributes as required="", Astro as <input> and required:
    // both are valid HTML and the output is not ours to restyle.
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // React keeps props as written (autoComplete, spellCheck); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React's useId gives ids such as "_r1R_0_": valid HTML ids, just not CSS-identifier friendly.
    'valid-id': ['error', { relaxed: true }],
    // Lists styled with list-style: none keep role="list" because Safari's VoiceOver drops their semantics otherwise.
    'no-redundant-role': 'off',
    // A group of checkboxes shares one name (the consultation's preferred times), as HTML forms intend: the
    // browser sends each ticked one under it. Other controls still may not share a name.
    'form-dup-name': ['error', { shared: ['radio', 'button', 'reset', 'submit', 'checkbox'] }],
    // Phone numbers keep the firm's plain spaces (what a visitor copies); CSS keeps them on one line instead.
    'tel-non-breaking': 'off',
  },
});

/** Findings that are the spec's wish on one page, not a fault: page → rule ids. */
const SPEC_EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  // "If no article matches, the fields render empty with no message": the title's <h1> included.
  'insight/404/index.html': ['empty-heading'],
};

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Validates every HTML page under `directory`; returns "page:line:column rule message" for each error. */
export async function validateHtmlFiles(directory: string): Promise<{ pages: number; errors: string[] }> {
  const validator = new HtmlValidate(config);
  const files = await htmlFiles(directory);
  const errors: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(await readFile(file, 'utf8'), file);
    const page = relative(directory, file);
    for (const message of report.results.flatMap((result) => result.messages)) {
      if (SPEC_EXCEPTIONS[page]?.includes(message.ruleId)) continue;
      errors.push(`${page}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
    }
  }
  return { pages: files.length, errors };
}
