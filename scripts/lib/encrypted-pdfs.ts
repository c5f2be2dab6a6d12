// PDFs encrypted by the standard security handler with an empty user password
// (the "no copying" kind certificates come in), written by hand: @cantoo/pdf-lib
// encrypts streams but leaves strings in the clear. Each cipher a reader meets:
// RC4 40 (R2), RC4 128 (R3), AES-128 (R4) and AES-256 (R6, ISO 32000-2 7.6.4.3.4).
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { pdfOf, pdfStream } from './pdf-objects.ts';

export const ciphers = ['RC4-40', 'RC4-128', 'AES-128', 'AES-256'] as const;
export type Cipher = (typeof ciphers)[number];

/** An object's text, given `string`, which turns plaintext bytes into the object's encrypted literal string. */
export type EncryptedObject = (
  string: (plaintext: Uint8Array) => string,
) => string | { dictionary: string; data: Buffer };

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const PERMISSIONS = -3904; // printing allowed, copying and changing not: how certificates are issued
const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
/** RC4, which OpenSSL 3 no longer offers. */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}
const aesCbc = (key: Uint8Array, iv: Uint8Array, data: Uint8Array, padding = true) => {
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv).setAutoPadding(padding);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};
const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32LE(value);
  return bytes;
};

/** A literal string of `bytes`, the form writers use: the bytes as they are but for `\`, `(`, `)` and line ends, escaped. */
const literal = (bytes: Uint8Array) =>
  `(${Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\\()\r\n]/g, (c) => (c === '\r' ? '\\r' : c === '\n' ? '\\n' : `\\${c}`))})`;

/** Algorithm 2.B of ISO 32000-2: the hash of a password for revision 6. */
function hash6(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const e = aesCbc(k.subarray(0, 16), k.subarray(16, 32), k1, false);
    const sum = [...e.subarray(0, 16)].reduce((total, byte) => total + byte, 0) % 3;
    k = createHash(['sha256', 'sha384', 'sha512'][sum]!).update(e).digest();
    if (round >= 63 && e[e.length - 1]! <= round - 31) return k.subarray(0, 32);
  }
}

interface Security {
  dictionary: string;
  objectKey: (number: number) => { key: Buffer; aes: boolean };
}

function securityOf(cipher: Cipher, id: Buffer): Security {
  const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString('hex')}>`;
  if (cipher === 'AES-256') {
    const fileKey = randomBytes(32);
    const [userValidation, userKeySalt, ownerValidation, ownerKeySalt] = [8, 8, 8, 8].map((n) => randomBytes(n));
    const empty = Buffer.alloc(0);
    const owner = Buffer.from('owner');
    const u = Buffer.concat([hash6(empty, userValidation!, empty), userValidation!, userKeySalt!]);
    const o = Buffer.concat([hash6(owner, ownerValidation!, u), ownerValidation!, ownerKeySalt!]);
    const iv = Buffer.alloc(16);
    const ue = aesCbc(hash6(empty, userKeySalt!, empty), iv, fileKey, false);
    const oe = aesCbc(hash6(owner, ownerKeySalt!, u), iv, fileKey, false);
    const permsPlain = Buffer.concat([
      int32(PERMISSIONS),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from('Tadb'),
      randomBytes(4),
    ]);
    const perms = createCipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false).update(permsPlain);
    return {
      dictionary:
        '<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>' +
        ` /StmF /StdCF /StrF /StdCF /P ${PERMISSIONS} /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} /Perms ${hex(perms)} >>`,
      objectKey: () => ({ key: fileKey, aes: true }),
    };
  }
  const revision = cipher === 'RC4-40' ? 2 : cipher === 'RC4-128' ? 3 : 4;
  const length = revision === 2 ? 5 : 16;
  const rounds = revision === 2 ? 1 : 20;
  const xorKey = (key: Buffer, round: number) => Buffer.from(key.map((byte) => byte ^ round));
  let ownerKey: Buffer = md5(Buffer.from('owner'), PADDING.subarray(0, 32 - 'owner'.length));
  if (revision >= 3) for (let i = 0; i < 50; i++) ownerKey = md5(ownerKey);
  ownerKey = ownerKey.subarray(0, length);
  let o: Buffer = Buffer.from(PADDING);
  for (let round = 0; round < rounds; round++) o = rc4(xorKey(ownerKey, round), o);
  let fileKey: Buffer = md5(PADDING, o, int32(PERMISSIONS), id);
  if (revision >= 3) for (let i = 0; i < 50; i++) fileKey = md5(fileKey.subarray(0, length));
  fileKey = fileKey.subarray(0, length);
  let u: Buffer = revision === 2 ? Buffer.from(PADDING) : md5(PADDING, id);
  for (let round = 0; round < rounds; round++) u = rc4(xorKey(fileKey, round), u);
  if (revision >= 3) u = Buffer.concat([u, Buffer.alloc(16)]);
  const aes = revision === 4;
  const filters = aes
    ? ' /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF'
    : '';
  return {
    dictionary: `<< /Filter /Standard /V ${revision === 2 ? 1 : revision === 3 ? 2 : 4} /R ${revision} /Length ${length * 8}${filters} /P ${PERMISSIONS} /O ${hex(o)} /U ${hex(u)} >>`,
    objectKey: (number) => {
      const salt = aes ? Buffer.from('sAlT') : Buffer.alloc(0);
      const objectId = Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, 0, 0]);
      return { key: md5(fileKey, objectId, salt).subarray(0, Math.min(length + 5, 16)), aes };
    },
  };
}

/**
 * A PDF of `objects` (numbered from 1; the first is the catalog), each string and
 * stream encrypted with `cipher` under an empty user password; the security
 * handler's dictionary comes last, in the clear.
 */
export function encryptedPdf(cipher: Cipher, objects: readonly EncryptedObject[]): Buffer {
  const id = randomBytes(16);
  const security = securityOf(cipher, id);
  const encrypt = (number: number, data: Uint8Array) => {
    const { key, aes } = security.objectKey(number);
    if (!aes) return rc4(key, data);
    const iv = randomBytes(16);
    return Buffer.concat([iv, aesCbc(key, iv, data)]);
  };
  const written = objects.map((object, i) => {
    const text = object((plaintext) => literal(encrypt(i + 1, plaintext)));
    return typeof text === 'string'
      ? Buffer.from(text, 'latin1')
      : pdfStream(text.dictionary, encrypt(i + 1, text.data));
  });
  const encryptNumber = objects.length + 1;
  const idHex = id.toString('hex');
  return pdfOf([...written, security.dictionary], {
    trailer: `/Encrypt ${encryptNumber} 0 R /ID [<${idHex}> <${idHex}>] `,
  });
}
