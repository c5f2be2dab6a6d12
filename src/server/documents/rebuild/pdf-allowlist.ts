// What a rebuilt PDF may hold: a page's size, its content and the resources it
// draws with, and nothing else. Each kind of object lists the keys it keeps and
// the kind of each value; a key not listed is dropped, and so is a value that is
// not of its kind (pdf.ts). So no action, script, annotation, form, attachment,
// outline, 3D or rich media, optional content or metadata can be carried over.
// What each Rule admits ('data', 'numbers', a kind's name, each, array, anyOf,
// by/kinds, 'colorSpace'): docs/architecture.md, "What a rebuilt PDF may hold";
// the choices: docs/documents.md.
export type Rule =
  | 'data'
  | 'numbers'
  | 'colorSpace'
  | KindName
  | { each: Rule }
  | { array: Rule }
  | { anyOf: readonly Rule[] }
  | { by: string; kinds: Readonly<Record<string, KindName>> };

export type KindName =
  | 'page'
  | 'resources'
  | 'content'
  | 'binary'
  | 'simpleFont'
  | 'type3Font'
  | 'type0Font'
  | 'cmap'
  | 'cidFont'
  | 'cidSystemInfo'
  | 'encoding'
  | 'fontDescriptor'
  | 'image'
  | 'formXObject'
  | 'group'
  | 'graphicsState'
  | 'softMask'
  | 'tilingPattern'
  | 'shadingPattern'
  | 'shading'
  | 'function'
  | 'sampledFunction'
  | 'calculatorFunction'
  | 'cieParameters'
  | 'iccProfile'
  | 'deviceNAttributes'
  | 'deviceNProcess'
  | 'decodeParms';

export interface Kind {
  /** A stream's data is copied as it is (still encoded, only with the filters below); a dictionary has none. */
  form: 'dictionary' | 'stream' | 'either';
  keys: Readonly<Record<string, Rule>>;
}

/** The standard filters. Abbreviations (/Fl, /AHx) belong to inline images only, and /Crypt to encryption, which is undone on reading. */
export const allowedFilters = new Set([
  'FlateDecode',
  'LZWDecode',
  'ASCII85Decode',
  'ASCIIHexDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'DCTDecode',
  'JPXDecode',
  'JBIG2Decode',
]);

/** The parameters of those filters (DecodeParms). */
const decodeParmsKeys = {
  Predictor: 'numbers',
  Colors: 'numbers',
  BitsPerComponent: 'numbers',
  Columns: 'numbers',
  EarlyChange: 'numbers',
  K: 'numbers',
  EndOfLine: 'data',
  EncodedByteAlign: 'data',
  Rows: 'numbers',
  EndOfBlock: 'data',
  BlackIs1: 'data',
  DamagedRowsBeforeError: 'numbers',
  ColorTransform: 'numbers',
  JBIG2Globals: 'binary',
} as const satisfies Record<string, Rule>;

/** A stream's /DecodeParms: one dictionary, or one per filter (null for a filter without). */
export const decodeParmsRule: Rule = { anyOf: ['decodeParms', { array: { anyOf: ['decodeParms', 'data'] } }] };

const resourceMap = (kind: Rule): Rule => ({ each: kind });

const fontKinds = {
  Type0: 'type0Font',
  Type1: 'simpleFont',
  MMType1: 'simpleFont',
  TrueType: 'simpleFont',
  Type3: 'type3Font',
} as const;

const functionRule: Rule = {
  by: 'FunctionType',
  kinds: { 0: 'sampledFunction', 2: 'function', 3: 'function', 4: 'calculatorFunction' },
};
const functionOrFunctions: Rule = { anyOf: [functionRule, { array: functionRule }] };
const simpleFontKeys = {
  Type: 'data',
  Subtype: 'data',
  BaseFont: 'data',
  Name: 'data',
  FirstChar: 'numbers',
  LastChar: 'numbers',
  Widths: 'numbers',
  FontDescriptor: 'fontDescriptor',
  Encoding: { anyOf: ['data', 'encoding'] },
  ToUnicode: 'binary',
} as const satisfies Record<string, Rule>;

export const kinds = {
  page: {
    form: 'dictionary',
    keys: {
      MediaBox: 'numbers',
      CropBox: 'numbers',
      BleedBox: 'numbers',
      TrimBox: 'numbers',
      ArtBox: 'numbers',
      Rotate: 'numbers',
      UserUnit: 'numbers',
      Contents: { anyOf: ['content', { array: 'content' }] },
      Resources: 'resources',
      Group: 'group',
    },
  },
  /** Resources are copied per page (pdf.ts), not through the page's rule, since a page may inherit them. */
  resources: {
    form: 'dictionary',
    keys: {
      Font: resourceMap({ by: 'Subtype', kinds: fontKinds }),
      XObject: resourceMap({ by: 'Subtype', kinds: { Image: 'image', Form: 'formXObject' } }),
      ExtGState: resourceMap('graphicsState'),
      ColorSpace: resourceMap('colorSpace'),
      Pattern: resourceMap({ by: 'PatternType', kinds: { 1: 'tilingPattern', 2: 'shadingPattern' } }),
      Shading: resourceMap('shading'),
      ProcSet: 'data',
    },
  },
  /** A content stream: operators that draw. */
  content: { form: 'stream', keys: {} },
  /** Bytes read by what refers to them: font programs, CMaps, ICC profiles, colour lookup tables. */
  binary: {
    form: 'stream',
    keys: {
      Length1: 'numbers',
      Length2: 'numbers',
      Length3: 'numbers',
      Subtype: 'data',
      N: 'numbers',
      Range: 'numbers',
    },
  },
  simpleFont: { form: 'dictionary', keys: simpleFontKeys },
  type3Font: {
    form: 'dictionary',
    keys: {
      ...simpleFontKeys,
      FontBBox: 'numbers',
      FontMatrix: 'numbers',
      CharProcs: { each: 'content' },
      Resources: 'resources',
    },
  },
  type0Font: {
    form: 'dictionary',
    keys: {
      Type: 'data',
      Subtype: 'data',
      BaseFont: 'data',
      Encoding: { anyOf: ['data', 'cmap'] },
      DescendantFonts: { array: 'cidFont' },
      ToUnicode: 'binary',
    },
  },
  cmap: {
    form: 'stream',
    keys: {
      Type: 'data',
      CMapName: 'data',
      CIDSystemInfo: 'cidSystemInfo',
      WMode: 'data',
      UseCMap: { anyOf: ['data', 'cmap'] },
    },
  },
  cidFont: {
    form: 'dictionary',
    keys: {
      Type: 'data',
      Subtype: 'data',
      BaseFont: 'data',
      CIDSystemInfo: 'cidSystemInfo',
      FontDescriptor: 'fontDescriptor',
      DW: 'numbers',
      W: 'numbers',
      DW2: 'numbers',
      W2: 'numbers',
      CIDToGIDMap: { anyOf: ['data', 'binary'] },
    },
  },
  cidSystemInfo: { form: 'dictionary', keys: { Registry: 'data', Ordering: 'data', Supplement: 'numbers' } },
  encoding: { form: 'dictionary', keys: { Type: 'data', BaseEncoding: 'data', Differences: 'data' } },
  fontDescriptor: {
    form: 'dictionary',
    keys: {
      Type: 'data',
      FontName: 'data',
      FontFamily: 'data',
      FontStretch: 'data',
      FontWeight: 'data',
      Flags: 'numbers',
      FontBBox: 'numbers',
      ItalicAngle: 'numbers',
      Ascent: 'numbers',
      Descent: 'numbers',
      Leading: 'numbers',
      CapHeight: 'numbers',
      XHeight: 'numbers',
      StemV: 'numbers',
      StemH: 'numbers',
      AvgWidth: 'numbers',
      MaxWidth: 'numbers',
      MissingWidth: 'numbers',
      FontFile: 'binary',
      FontFile2: 'binary',
      FontFile3: 'binary',
      CharSet: 'data',
      CIDSet: 'binary',
    },
  },
  image: {
    form: 'stream',
    keys: {
      Type: 'data',
      Subtype: 'data',
      Width: 'numbers',
      Height: 'numbers',
      ColorSpace: 'colorSpace',
      BitsPerComponent: 'numbers',
      Intent: 'data',
      ImageMask: 'data',
      Mask: { anyOf: ['data', 'image'] },
      Decode: 'numbers',
      Interpolate: 'data',
      SMask: 'image',
      SMaskInData: 'numbers',
      Matte: 'numbers',
    },
  },
  formXObject: {
    form: 'stream',
    keys: {
      Type: 'data',
      Subtype: 'data',
      FormType: 'numbers',
      BBox: 'numbers',
      Matrix: 'numbers',
      Resources: 'resources',
      Group: 'group',
    },
  },
  group: { form: 'dictionary', keys: { Type: 'data', S: 'data', CS: 'colorSpace', I: 'data', K: 'data' } },
  graphicsState: {
    form: 'dictionary',
    keys: {
      Type: 'data',
      LW: 'numbers',
      LC: 'numbers',
      LJ: 'numbers',
      ML: 'numbers',
      D: 'data',
      RI: 'data',
      OP: 'data',
      op: 'data',
      OPM: 'data',
      FL: 'numbers',
      SM: 'numbers',
      SA: 'data',
      BM: 'data',
      SMask: { anyOf: ['data', 'softMask'] },
      CA: 'numbers',
      ca: 'numbers',
      AIS: 'data',
      TK: 'data',
    },
  },
  softMask: { form: 'dictionary', keys: { Type: 'data', S: 'data', G: 'formXObject', BC: 'data', TR: functionRule } },
  tilingPattern: {
    form: 'stream',
    keys: {
      Type: 'data',
      PatternType: 'numbers',
      PaintType: 'numbers',
      TilingType: 'numbers',
      BBox: 'numbers',
      XStep: 'numbers',
      YStep: 'numbers',
      Resources: 'resources',
      Matrix: 'numbers',
    },
  },
  shadingPattern: {
    form: 'dictionary',
    keys: { Type: 'data', PatternType: 'numbers', Shading: 'shading', Matrix: 'numbers', ExtGState: 'graphicsState' },
  },
  shading: {
    form: 'either',
    keys: {
      ShadingType: 'numbers',
      ColorSpace: 'colorSpace',
      Background: 'numbers',
      BBox: 'numbers',
      AntiAlias: 'data',
      Coords: 'numbers',
      Domain: 'numbers',
      Matrix: 'numbers',
      Function: functionOrFunctions,
      Extend: 'data',
      BitsPerCoordinate: 'numbers',
      BitsPerComponent: 'numbers',
      BitsPerFlag: 'numbers',
      Decode: 'numbers',
      VerticesPerRow: 'numbers',
    },
  },
  /** Exponential (2) and stitching (3) functions. */
  function: {
    form: 'dictionary',
    keys: {
      FunctionType: 'numbers',
      Domain: 'numbers',
      Range: 'numbers',
      C0: 'numbers',
      C1: 'numbers',
      N: 'numbers',
      Functions: { array: functionRule },
      Bounds: 'numbers',
      Encode: 'numbers',
    },
  },
  sampledFunction: {
    form: 'stream',
    keys: {
      FunctionType: 'numbers',
      Domain: 'numbers',
      Range: 'numbers',
      Size: 'numbers',
      BitsPerSample: 'numbers',
      Order: 'numbers',
      Encode: 'numbers',
      Decode: 'numbers',
    },
  },
  /** PostScript calculator functions: arithmetic on a colour's components, no operators that reach outside. */
  calculatorFunction: { form: 'stream', keys: { FunctionType: 'numbers', Domain: 'numbers', Range: 'numbers' } },
  /** The parameters of a CIE-based colour space (CalGray, CalRGB, Lab). */
  cieParameters: {
    form: 'dictionary',
    keys: { WhitePoint: 'numbers', BlackPoint: 'numbers', Gamma: 'numbers', Matrix: 'numbers', Range: 'numbers' },
  },
  iccProfile: { form: 'stream', keys: { N: 'numbers', Alternate: 'colorSpace', Range: 'numbers' } },
  deviceNAttributes: {
    form: 'dictionary',
    keys: { Subtype: 'data', Colorants: { each: 'colorSpace' }, Process: 'deviceNProcess' },
  },
  deviceNProcess: { form: 'dictionary', keys: { ColorSpace: 'colorSpace', Components: 'data' } },
  decodeParms: { form: 'dictionary', keys: decodeParmsKeys },
} satisfies Record<KindName, Kind>;

/** Colour spaces named by a device (or the bare pattern space). */
export const deviceColorSpaces = new Set(['DeviceGray', 'DeviceRGB', 'DeviceCMYK', 'Pattern']);

/** Each family of colour space, by the name its array begins with, and the rules of the array's other elements. */
export const colorSpaceFamilies: Readonly<Record<string, readonly Rule[]>> = {
  CalGray: ['cieParameters'],
  CalRGB: ['cieParameters'],
  Lab: ['cieParameters'],
  ICCBased: ['iccProfile'],
  Indexed: ['colorSpace', 'data', { anyOf: ['data', 'binary'] }],
  Separation: ['data', 'colorSpace', functionRule],
  DeviceN: ['data', 'colorSpace', functionRule, 'deviceNAttributes'],
  Pattern: ['colorSpace'],
};
