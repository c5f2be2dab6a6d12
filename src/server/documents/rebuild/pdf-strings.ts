// A string a rebuilt PDF keeps is written as a hex string of its plaintext
// bytes, so that none of them can end it. @cantoo/pdf-lib 2.11 holds a literal
// string as its escaped body, except one it decrypted, which it holds as
// plaintext and writes back between ( ) unescaped: a decrypted ")" would end the
// string and the rest be read as the dictionary's own keys (docs/documents.md,
// "Strings in encrypted PDFs"). Which strings were decrypted is recorded as the
// parser reads them, since nothing else tells the two apart.
import { PDFHexString, PDFObjectParser, PDFString, type PDFRef } from '@cantoo/pdf-lib';

const decrypted = new WeakSet<PDFString>();

const parseString = PDFObjectParser.prototype['parseString'];
PDFObjectParser.prototype['parseString'] = function (this: PDFObjectParser, ref?: PDFRef): PDFString {
  const string = parseString.call(this, ref);
  // The library's own condition for decrypting a literal string (PDFObjectParser.parseString).
  if (ref && this['cryptoFactory']) decrypted.add(string);
  return string;
};

/** The bytes a string stands for, whether the library decrypted it or not. */
function plaintextOf(string: PDFString | PDFHexString): Uint8Array {
  if (string instanceof PDFHexString || !decrypted.has(string)) return string.asBytes();
  return Uint8Array.from(string.asString(), (character) => character.charCodeAt(0));
}

/** `string` as the copy writes it: hex digits only, whatever its bytes. */
export const hexStringOf = (string: PDFString | PDFHexString): PDFHexString =>
  PDFHexString.fromBytes(plaintextOf(string));
