// Fields in a rebuilt .docx: every field is reduced to the result it shows,
// except page numbers, which a copy reduced to one cached number would get wrong
// on every page but one. A page-number field is written anew with an
// instruction of ours (PAGE, NUMPAGES or SECTIONPAGES and nothing else), so no
// word of the sender's instruction survives; docx.ts drops every other field
// code and keeps the elements returned here.
import type { Element, Node } from '@xmldom/xmldom';
import { WORDML_NAMESPACES } from './docx-allowlist.ts';

/** The fields kept, by the first word of their instruction. */
const PAGE_NUMBER_FIELDS = new Set(['PAGE', 'NUMPAGES', 'SECTIONPAGES']);
/** What may follow that word: a number format (\* Arabic, \* roman …) or MERGEFORMAT, nothing that fetches. */
const FORMAT_SWITCHES = /^(?:\\\*\s*(?:Arabic|roman|ROMAN|alphabetic|ALPHABETIC|MERGEFORMAT|CHARFORMAT)\s*)*$/;

/** PAGE, NUMPAGES or SECTIONPAGES if `instruction` is that field with number formats only; otherwise undefined. */
function pageNumberField(instruction: string): string | undefined {
  const [word = '', ...rest] = instruction.trim().split(/\s+/);
  const field = word.toUpperCase();
  return PAGE_NUMBER_FIELDS.has(field) && FORMAT_SWITCHES.test(rest.join(' ')) ? field : undefined;
}

const isWordml = (node: Node, localName: string): node is Element =>
  node.nodeType === node.ELEMENT_NODE &&
  WORDML_NAMESPACES.has((node as Element).namespaceURI ?? '') &&
  (node as Element).localName === localName;

const attributeOf = (element: Element, localName: string) =>
  Array.from(element.attributes).find((attribute) => attribute.localName === localName)?.value ?? '';

interface OpenField {
  parts: Element[];
  instruction: Element[];
  text: string;
  separated: boolean;
}

/**
 * Finds the page-number fields of a part, writes each one's instruction anew
 * and returns the elements (fldChar, instrText, fldSimple) to keep. Fields
 * nested in another are not kept: their result is shown as text.
 */
export function keepPageNumberFields(root: Element): Set<Element> {
  const kept = new Set<Element>();
  const open: OpenField[] = [];
  const visit = (node: Node) => {
    if (isWordml(node, 'fldSimple')) {
      const field = pageNumberField(attributeOf(node, 'instr'));
      if (field && open.length === 0) {
        for (const attribute of Array.from(node.attributes)) node.removeAttributeNode(attribute);
        node.setAttributeNS(node.namespaceURI, `${node.prefix ? `${node.prefix}:` : ''}instr`, ` ${field} `);
        kept.add(node);
      }
    } else if (isWordml(node, 'fldChar')) {
      const type = attributeOf(node, 'fldCharType');
      if (type === 'begin') open.push({ parts: [node], instruction: [], text: '', separated: false });
      const current = open.at(-1);
      if (type === 'separate' && current) {
        current.parts.push(node);
        current.separated = true;
      }
      if (type === 'end' && current) {
        open.pop();
        current.parts.push(node);
        const field = pageNumberField(current.text);
        if (field && open.length === 0) keep(current, field, kept);
      }
    } else if (isWordml(node, 'instrText')) {
      const current = open.at(-1);
      if (current && !current.separated) {
        current.instruction.push(node);
        current.text += node.textContent ?? '';
      }
    }
    for (const child of Array.from(node.childNodes ?? [])) visit(child);
  };
  visit(root);
  return kept;
}

/** The field's markers stripped to their type, its instruction replaced by `field` alone. */
function keep(current: OpenField, field: string, kept: Set<Element>) {
  for (const part of current.parts) {
    const type = attributeOf(part, 'fldCharType');
    for (const attribute of Array.from(part.attributes)) part.removeAttributeNode(attribute);
    while (part.firstChild) part.removeChild(part.firstChild);
    part.setAttributeNS(part.namespaceURI, `${part.prefix ? `${part.prefix}:` : ''}fldCharType`, type);
    kept.add(part);
  }
  const [first] = current.instruction;
  if (!first) return;
  for (const attribute of Array.from(first.attributes)) first.removeAttributeNode(attribute);
  first.textContent = ` ${field} `;
  first.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
  kept.add(first); // an instruction split across runs keeps its first; docx.ts drops the rest, as any field code
}
