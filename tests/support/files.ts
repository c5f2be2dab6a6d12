// Files the application form must refuse, built in memory: a Word 97 compound
// file (or another program's), and executables. Recognised by file-type from
// their bytes, as a real upload would be. (The accepted kinds are in
// scripts/lib/sample-documents.ts.)

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A storage (when it has children) or a stream in a compound file. */
interface CompoundFileEntry {
  name: string;
  children?: readonly CompoundFileEntry[];
}

const NO_STREAM = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;

/**
 * A Compound File Binary container (the .doc format, version 3): header, one
 * allocation table sector, then the directory naming `entries` (siblings
 * chained to the right). Streams are empty: only the directory is read.
 */
function compoundFileBytes(entries: readonly CompoundFileEntry[]): Buffer {
  const directory = [{ name: 'Root Entry', type: 5, right: NO_STREAM, child: NO_STREAM }];
  const addSiblings = (siblings: readonly CompoundFileEntry[]): number => {
    const ids = siblings.map(
      (entry) =>
        directory.push({ name: entry.name, type: entry.children ? 1 : 2, right: NO_STREAM, child: NO_STREAM }) - 1,
    );
    siblings.forEach((entry, i) => {
      directory[ids[i]!]!.right = ids[i + 1] ?? NO_STREAM;
      if (entry.children) directory[ids[i]!]!.child = addSiblings(entry.children);
    });
    return ids[0] ?? NO_STREAM;
  };
  directory[0]!.child = addSiblings(entries);
  const directorySectors = Math.ceil(directory.length / 4);

  const header = Buffer.alloc(512, 0xff); // unused DIFAT slots are free (0xFFFFFFFF)
  header.fill(0, 0, 76);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version 3 (512-byte sectors)
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // one allocation table sector
  header.writeUInt32LE(1, 48); // the directory starts at sector 1
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini allocation table
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  header.writeUInt32LE(0, 76); // the allocation table is sector 0

  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 holds the allocation table
  for (let sector = 1; sector <= directorySectors; sector++) {
    fat.writeUInt32LE(sector < directorySectors ? sector + 1 : END_OF_CHAIN, sector * 4);
  }

  const directoryBytes = Buffer.alloc(directorySectors * 512);
  for (let id = 0; id < directorySectors * 4; id++) {
    const at = id * 128;
    const entry = directory[id];
    directoryBytes.writeUInt32LE(NO_STREAM, at + 68); // left sibling
    directoryBytes.writeUInt32LE(entry?.right ?? NO_STREAM, at + 72);
    directoryBytes.writeUInt32LE(entry?.child ?? NO_STREAM, at + 76);
    if (!entry) continue;
    const name = Buffer.from(entry.name, 'utf16le');
    name.copy(directoryBytes, at);
    directoryBytes.writeUInt16LE(name.length + 2, at + 64);
    directoryBytes[at + 66] = entry.type;
    directoryBytes[at + 67] = 1; // black
    directoryBytes.writeUInt32LE(END_OF_CHAIN, at + 116); // no data
  }
  return Buffer.concat([header, fat, directoryBytes]);
}

/** A compound file with a single stream: a Word document's WordDocument, or another program's. */
export function cfbBytes(streamName = 'WordDocument'): Buffer {
  return compoundFileBytes([{ name: streamName }]);
}

/** A Linux executable's first bytes (ELF header). */
export function elfBytes(): Buffer {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes, 0);
  bytes.writeUInt16LE(2, 16); // e_type: executable
  bytes.writeUInt16LE(0x3e, 18); // x86-64
  return bytes;
}

/** A Windows executable's first bytes (MZ header pointing at a PE header). */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  ascii('MZ').copy(bytes, 0);
  bytes.writeUInt32LE(0x80, 0x3c);
  ascii('PE\0\0').copy(bytes, 0x80);
  return bytes;
}
