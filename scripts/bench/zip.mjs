// Just enough of the zip format to list and unpack a .vsix (no zip64, no encryption), so the
// benchmark needs no unzip binary.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The entries of a zip file: { name, size (uncompressed), compressedSize, method, offset }. */
export function zipEntries(file) {
  const data = readFileSync(file);
  let end = -1;
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip file (no end-of-directory record)`);
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`${file}: broken central directory at entry ${i}`);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { data, entries };
}

/** Unpacks the entries under `prefix` (e.g. 'extension/') into `dir`; returns the files written. */
export function unzip(file, dir, prefix = '') {
  const { data, entries } = zipEntries(file);
  const written = [];
  for (const entry of entries) {
    if (!entry.name.startsWith(prefix) || entry.name.endsWith('/')) continue;
    const relative = entry.name.slice(prefix.length);
    const target = path.resolve(dir, relative);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`${file}: entry ${entry.name} points outside the folder`);
    if (data.readUInt32LE(entry.offset) !== LOCAL_HEADER) throw new Error(`${file}: no local header for ${entry.name}`);
    const start = entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28);
    const raw = data.subarray(start, start + entry.compressedSize);
    let content;
    if (entry.method === 0) content = raw;
    else if (entry.method === 8) content = inflateRawSync(raw);
    else throw new Error(`${file}: ${entry.name} uses compression method ${entry.method}`);
    if (content.length !== entry.size)
      throw new Error(`${file}: ${entry.name} unpacked to ${content.length} bytes, expected ${entry.size}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    written.push(relative);
  }
  return written;
}
