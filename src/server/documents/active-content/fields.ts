// Word fields (ECMA-376 Part 1, 17.16) that fetch or run something when a
// document opens or its fields update. A field is written either simply,
// <w:fldSimple w:instr="…">, or as runs: <w:fldChar w:fldCharType="begin"/>,
// its instruction in one or more <w:instrText> elements (Word splits it where it
// likes, "INCLUDE" + "PICTURE"), <w:fldChar w:fldCharType="separate"/>, the
// last result, then "end". Fields nest: an instruction may hold a whole field.
// What a field does is named by its instruction's first word, in any case.

/**
 * INCLUDEPICTURE, INCLUDETEXT (and INCLUDE, its old name) and IMPORT read a
 * file or a URL; LINK reads another program's file; DDE and DDEAUTO talk to
 * another program, which can be made to run a command; DATABASE connects to a
 * data source.
 */
const FETCHING_FIELDS = new Set([
  'INCLUDEPICTURE',
  'INCLUDETEXT',
  'INCLUDE',
  'IMPORT',
  'LINK',
  'DDE',
  'DDEAUTO',
  'DATABASE',
]);

/** Enough of an instruction to read its first word. */
const INSTRUCTION_HEAD = 64;

interface OpenField {
  instruction: string;
  decided: boolean;
}

const fieldName = (instruction: string) =>
  instruction
    .trimStart()
    .split(/[\s"\\]/, 1)[0]!
    .toUpperCase();

/** Follows the fields of one part as sax reads it (docx.ts); `fetches()` says whether any was one of FETCHING_FIELDS. */
export class FieldReader {
  /** The fields begun and not yet ended, innermost last. */
  private readonly fields: OpenField[] = [];
  private instructionDepth = 0;
  private found = false;

  fetches(): boolean {
    // A field never ended is still decided by what was read of it.
    for (const field of this.fields) this.decide(field);
    return this.found;
  }

  open({ name, attributes }: { name: string; attributes: Map<string, string> }): void {
    if (name === 'fldSimple') {
      this.decide({ instruction: attributes.get('instr') ?? '', decided: false });
    } else if (name === 'fldChar') {
      const type = attributes.get('fldCharType');
      if (type === 'begin') this.fields.push({ instruction: '', decided: false });
      const innermost = this.fields.at(-1);
      if (innermost && (type === 'separate' || type === 'end')) this.decide(innermost);
      if (type === 'end') this.fields.pop();
    } else if (name === 'instrText' || name === 'delInstrText') {
      // Instruction text outside any field is read as a field of its own: Word would not run it, but refusing it costs nothing.
      if (this.fields.length === 0) this.fields.push({ instruction: '', decided: false });
      this.instructionDepth++;
    }
  }

  text(text: string): void {
    const innermost = this.fields.at(-1);
    if (this.instructionDepth === 0 || !innermost || innermost.instruction.trimStart().length > INSTRUCTION_HEAD)
      return;
    innermost.instruction += text;
  }

  close(name: string): void {
    if ((name === 'instrText' || name === 'delInstrText') && this.instructionDepth > 0) this.instructionDepth--;
  }

  private decide(field: OpenField): void {
    if (field.decided) return;
    field.decided = true;
    if (FETCHING_FIELDS.has(fieldName(field.instruction))) this.found = true;
  }
}
