// The directory of a Compound File Binary container ([MS-CFB]), the format of
// Word 97–2003 documents: the names of its storages and streams, which is all
// we need to tell a Word document from an installer and to find a macro
// project. Written here rather than taken from a library because the one
// JavaScript reader (SheetJS `cfb`) follows sector chains without cycle checks,
// so a crafted file could keep it busy for ever. Every chain here is followed at
// most once per sector; anything malformed throws.

export interface CompoundFileEntry {
  name: string;
  kind: 'storage' | 'stream';
}

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEADER_BYTES = 512;
const HEADER_FAT_SECTORS = 109;
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const DIRECTORY_ENTRY_BYTES = 128;
const ENTRY_KINDS: Record<number, CompoundFileEntry['kind'] | 'unused' | 'root'> = { 0: 'unused', 1: 'storage', 2: 'stream', 5: 'root' };

function fail(reason: string): never {
  throw new Error(`not a readable compound file: ${reason}`);
}

/** Every storage and stream the directory names, at any depth: read as a list, not as a tree, so no entry can hide from the tree. */
export function readCompoundFileDirectory(bytes: Uint8Array): CompoundFileEntry[] {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.length < HEADER_BYTES || !SIGNATURE.equals(file.subarray(0, SIGNATURE.length))) fail('no compound file header');
  const majorVersion = file.readUInt16LE(26);
  const sectorShift = file.readUInt16LE(30);
  if (!((majorVersion === 3 && sectorShift === 9) || (majorVersion === 4 && sectorShift === 12))) {
    fail(`version ${majorVersion} with sector shift ${sectorShift}`);
  }
  const sectorBytes = 1 << sectorShift;
  const sectorCount = Math.ceil((file.length - sectorBytes) / sectorBytes);
  const idsPerSector = sectorBytes / 4;

  const sector = (id: number) => {
    if (id >= sectorCount) fail(`sector ${id} lies beyond the end of the file`);
    const start = (id + 1) * sectorBytes;
    const data = file.subarray(start, start + sectorBytes);
    // A writer may leave the last sector short; what is missing reads as zeros.
    return data.length === sectorBytes ? data : Buffer.concat([data, Buffer.alloc(sectorBytes - data.length)]);
  };

  const fatSectors = readFatSectorIds(file, sector, sectorCount, idsPerSector);
  const nextSector = (id: number) => {
    const fatSector = fatSectors[Math.floor(id / idsPerSector)];
    if (fatSector === undefined) fail(`sector ${id} is not in the allocation table`);
    return sector(fatSector).readUInt32LE((id % idsPerSector) * 4);
  };

  const entries: CompoundFileEntry[] = [];
  const visited = new Set<number>();
  let rootSeen = false;
  for (let id = file.readUInt32LE(48); id !== END_OF_CHAIN; id = nextSector(id)) {
    if (visited.has(id)) fail('the directory chain loops');
    visited.add(id);
    const data = sector(id);
    for (let offset = 0; offset < sectorBytes; offset += DIRECTORY_ENTRY_BYTES) {
      const entry = data.subarray(offset, offset + DIRECTORY_ENTRY_BYTES);
      const kind = ENTRY_KINDS[entry[66]!];
      if (kind === undefined) fail(`directory entry of unknown type ${entry[66]}`);
      if (!rootSeen) {
        if (kind !== 'root') fail('the directory does not start with the root storage');
        rootSeen = true;
        continue;
      }
      if (kind === 'unused') continue;
      if (kind === 'root') fail('a second root storage');
      const nameBytes = entry.readUInt16LE(64);
      if (nameBytes < 2 || nameBytes > 64 || nameBytes % 2 !== 0) fail(`directory entry name of ${nameBytes} bytes`);
      entries.push({ name: entry.toString('utf16le', 0, nameBytes - 2), kind });
    }
  }
  if (!rootSeen) fail('an empty directory');
  return entries;
}

/** The sectors holding the allocation table: 109 listed in the header, the rest in a chain of DIFAT sectors. */
function readFatSectorIds(file: Buffer, sector: (id: number) => Buffer, sectorCount: number, idsPerSector: number): number[] {
  const count = file.readUInt32LE(44);
  if (count > sectorCount) fail(`${count} allocation table sectors in a file of ${sectorCount}`);
  const ids: number[] = [];
  for (let i = 0; i < Math.min(count, HEADER_FAT_SECTORS); i++) ids.push(file.readUInt32LE(76 + i * 4));
  const visited = new Set<number>();
  for (let id = file.readUInt32LE(68); ids.length < count; ) {
    if (id === END_OF_CHAIN || id === FREE_SECTOR) fail('the allocation table list ends early');
    if (visited.has(id)) fail('the allocation table list loops');
    visited.add(id);
    const data = sector(id);
    for (let i = 0; i < idsPerSector - 1 && ids.length < count; i++) ids.push(data.readUInt32LE(i * 4));
    id = data.readUInt32LE((idsPerSector - 1) * 4);
  }
  for (const id of ids) if (id >= sectorCount) fail(`allocation table sector ${id} lies beyond the end of the file`);
  return ids;
}
