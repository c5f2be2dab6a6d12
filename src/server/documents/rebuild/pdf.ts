// A PDF rebuilt from its pages: a new document holding, for each page the
// original's page tree reaches, its size, content and the resources it draws
// with, copied through the allowlist of pdf-allowlist.ts. Nothing of the
// original's catalog (open actions, names, outlines, forms, attachments), no
// annotation and no metadata is carried over. The original is read by
// @cantoo/pdf-lib (the maintained fork of pdf-lib), which also opens files
// encrypted with an empty user password, the "no copying" kind certificates come in.
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import {
  allowedFilters,
  colorSpaceFamilies,
  decodeParmsRule,
  deviceColorSpaces,
  kinds,
  type KindName,
  type Rule,
} from './pdf-allowlist.ts';
import { boundForViewers } from './pdf-bounds.ts';
import { hexStringOf } from './pdf-strings.ts';
import { RebuildRefused } from './refusal.ts';

/** Deeper than any writer nests; a value past it is dropped. */
const MAX_DEPTH = 48;
/** More pages than any CV or certificate; a file with more is refused rather than rebuilt in part. */
const MAX_PAGES = 2_000;

export async function rebuildPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, {
      password: '',
      updateMetadata: false,
      parseSpeed: Number.POSITIVE_INFINITY,
      throwOnInvalidObject: false,
    });
  } catch (error) {
    throw new RebuildRefused('unreadable', `the PDF could not be read: ${String(error)}`);
  }
  let pages: ReturnType<PDFDocument['getPages']>;
  try {
    pages = source.getPages();
  } catch (error) {
    throw new RebuildRefused('unreadable', `the PDF's pages could not be found: ${String(error)}`);
  }
  if (pages.length === 0) throw new RebuildRefused('unreadable', 'the PDF has no pages');
  if (pages.length > MAX_PAGES) throw new RebuildRefused('unreadable', `the PDF has ${pages.length} pages`);
  const target = await PDFDocument.create({ updateMetadata: false });
  const copier = new AllowlistCopier(source.context, target.context);
  for (const page of pages) {
    const leaf = page.node;
    const rebuilt = target.addPage().node;
    for (const key of ['MediaBox', 'CropBox', 'Rotate'] as const) {
      const value = leaf.getInheritableAttribute(PDFName.of(key));
      const copied = value && copier.copy(value, kinds.page.keys[key]);
      if (copied) rebuilt.set(PDFName.of(key), copied);
      else if (key !== 'MediaBox') rebuilt.delete(PDFName.of(key));
    }
    const resources = leaf.getInheritableAttribute(PDFName.of('Resources'));
    const copiedResources = resources && copier.copy(resources, 'resources');
    if (copiedResources) rebuilt.set(PDFName.of('Resources'), copiedResources);
    for (const [key, value] of leaf.entries()) {
      const name = key.asString().slice(1);
      if (name === 'MediaBox' || name === 'CropBox' || name === 'Rotate' || name === 'Resources') continue;
      const rule = ruleOf(kinds.page, name);
      const copied = rule && copier.copy(value, rule);
      if (copied) rebuilt.set(key, copied);
    }
  }
  boundForViewers(target);
  return target.save({ useObjectStreams: true, updateFieldAppearances: false });
}

const ruleOf = (kind: { keys: Readonly<Record<string, Rule>> }, key: string): Rule | undefined =>
  Object.hasOwn(kind.keys, key) ? kind.keys[key] : undefined;

/**
 * Copies objects from one document to another through the allowlist. An
 * indirect object is copied once per kind and shared, as in the original;
 * whatever does not fit its rule is left out (undefined), never copied as it is.
 */
class AllowlistCopier {
  private readonly copies = new Map<string, PDFRef | null>();
  private readonly from: PDFContext;
  private readonly to: PDFContext;

  constructor(from: PDFContext, to: PDFContext) {
    this.from = from;
    this.to = to;
  }

  copy(value: PDFObject, rule: Rule, depth = 0): PDFObject | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (value instanceof PDFRef) return this.copyIndirect(value, rule, depth);
    const copied = this.copyDirect(value, rule, depth);
    // A stream is always an indirect object, even where the original (wrongly) wrote one in place.
    return copied instanceof PDFRawStream ? this.to.register(copied) : copied;
  }

  private resolve(value: PDFObject): PDFObject | undefined {
    return value instanceof PDFRef ? this.from.lookup(value) : value;
  }

  private copyIndirect(ref: PDFRef, rule: Rule, depth: number): PDFObject | undefined {
    const object = this.from.lookup(ref);
    if (object === undefined) return undefined;
    // Plain values and composite rules are copied in place; a kind's object keeps its own number.
    if (typeof rule !== 'string' || !Object.hasOwn(kinds, rule)) {
      const copied = this.copyDirect(object, rule, depth);
      return copied instanceof PDFRawStream ? this.to.register(copied) : copied;
    }
    const key = `${ref.tag}/${rule}`;
    const known = this.copies.get(key);
    if (known !== undefined) return known ?? undefined;
    const reserved = this.to.nextRef();
    this.copies.set(key, reserved); // before copying, so that a cycle ends here
    const copied = this.copyDirect(object, rule, depth);
    if (!copied) {
      this.copies.set(key, null);
      return undefined;
    }
    this.to.assign(reserved, copied);
    return reserved;
  }

  private copyDirect(value: PDFObject, rule: Rule, depth: number): PDFObject | undefined {
    if (rule === 'data') return this.copyData(value, depth, false);
    if (rule === 'numbers') return this.copyData(value, depth, true);
    if (rule === 'colorSpace') return this.copyColorSpace(value, depth);
    if (typeof rule === 'string') return this.copyKind(value, rule, depth);
    if ('each' in rule) {
      if (!(value instanceof PDFDict)) return undefined;
      const copied = PDFDict.withContext(this.to);
      for (const [key, entry] of value.entries()) {
        const entryCopy = this.copy(entry, rule.each, depth + 1);
        if (entryCopy) copied.set(key, entryCopy);
      }
      return copied;
    }
    if ('array' in rule) {
      if (!(value instanceof PDFArray)) return undefined;
      const copied = PDFArray.withContext(this.to);
      for (const element of value.asArray()) {
        const elementCopy = this.copy(element, rule.array, depth + 1);
        if (!elementCopy) return undefined; // an array with a hole would shift what follows
        copied.push(elementCopy);
      }
      return copied;
    }
    if ('anyOf' in rule) {
      for (const candidate of rule.anyOf) {
        const copied = this.copyDirect(value, candidate, depth);
        if (copied) return copied;
      }
      return undefined;
    }
    const dictionary = value instanceof PDFRawStream ? value.dict : value;
    if (!(dictionary instanceof PDFDict)) return undefined;
    const selector = this.resolve(dictionary.get(PDFName.of(rule.by)) ?? PDFNull);
    const name =
      selector instanceof PDFName
        ? selector.asString().slice(1)
        : selector instanceof PDFNumber
          ? String(selector.asNumber())
          : '';
    const kind = Object.hasOwn(rule.kinds, name) ? rule.kinds[name] : undefined;
    return kind && this.copyKind(value, kind, depth);
  }

  /** Numbers, names, strings (written anew, pdf-strings.ts), booleans and null, and arrays of them; with `numbersOnly`, numbers alone. */
  private copyData(value: PDFObject, depth: number, numbersOnly: boolean): PDFObject | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const resolved = this.resolve(value);
    if (resolved instanceof PDFNumber) return resolved;
    if (resolved instanceof PDFArray) {
      const copied = PDFArray.withContext(this.to);
      for (const element of resolved.asArray()) {
        const elementCopy = this.copyData(element, depth + 1, numbersOnly);
        if (!elementCopy) return undefined;
        copied.push(elementCopy);
      }
      return copied;
    }
    if (numbersOnly) return undefined;
    if (resolved instanceof PDFString || resolved instanceof PDFHexString) return hexStringOf(resolved);
    const plain = resolved instanceof PDFName || resolved instanceof PDFBool || resolved === PDFNull;
    return plain ? resolved : undefined;
  }

  private copyKind(value: PDFObject, name: KindName, depth: number): PDFObject | undefined {
    const kind = kinds[name];
    const isStream = value instanceof PDFRawStream;
    if ((kind.form === 'stream' && !isStream) || (kind.form === 'dictionary' && !(value instanceof PDFDict)))
      return undefined;
    const dictionary = isStream ? value.dict : value;
    if (!(dictionary instanceof PDFDict)) return undefined;
    const copied = PDFDict.withContext(this.to);
    for (const [key, entry] of dictionary.entries()) {
      const rule = ruleOf(kind, key.asString().slice(1));
      const entryCopy = rule && this.copy(entry, rule, depth + 1);
      if (entryCopy) copied.set(key, entryCopy);
    }
    if (!isStream) return copied;
    if (!this.copyFilters(dictionary, copied, depth)) return undefined;
    // The data goes over still encoded; /Length is set on writing.
    return PDFRawStream.of(copied, value.getContents());
  }

  /** A stream's /Filter and /DecodeParms, if every filter is a standard one; otherwise the stream is not copied. */
  private copyFilters(from: PDFDict, to: PDFDict, depth: number): boolean {
    const filter = this.resolve(from.get(PDFName.of('Filter')) ?? PDFNull);
    if (filter === undefined || filter === PDFNull) return true;
    const filters = filter instanceof PDFArray ? filter.asArray().map((entry) => this.resolve(entry)) : [filter];
    if (!filters.every((entry) => entry instanceof PDFName && allowedFilters.has(entry.asString().slice(1))))
      return false;
    const filterCopy = this.copyData(filter, depth + 1, false);
    if (!filterCopy) return false;
    to.set(PDFName.of('Filter'), filterCopy);
    const parms = from.get(PDFName.of('DecodeParms'));
    const resolved = parms && this.resolve(parms);
    if (!parms || resolved === undefined || resolved === PDFNull) return true;
    const parmsCopy = this.copy(parms, decodeParmsRule, depth + 1);
    if (!parmsCopy) return false;
    to.set(PDFName.of('DecodeParms'), parmsCopy);
    return true;
  }

  /** A device colour space by name, or a family's array whose elements each follow that family's rules. */
  private copyColorSpace(value: PDFObject, depth: number): PDFObject | undefined {
    const resolved = this.resolve(value);
    if (resolved instanceof PDFName) return deviceColorSpaces.has(resolved.asString().slice(1)) ? resolved : undefined;
    if (!(resolved instanceof PDFArray) || depth > MAX_DEPTH) return undefined;
    const [family, ...rest] = resolved.asArray();
    const familyName = family && this.resolve(family);
    if (!(familyName instanceof PDFName)) return undefined;
    const name = familyName.asString().slice(1);
    if (rest.length === 0 && deviceColorSpaces.has(name)) return familyName;
    const rules = Object.hasOwn(colorSpaceFamilies, name) ? colorSpaceFamilies[name] : undefined;
    if (!rules || rest.length > rules.length) return undefined;
    const copied = PDFArray.withContext(this.to);
    copied.push(familyName);
    for (const [index, element] of rest.entries()) {
      const elementCopy = this.copy(element, rules[index]!, depth + 1);
      if (!elementCopy) return undefined;
      copied.push(elementCopy);
    }
    return copied;
  }
}
