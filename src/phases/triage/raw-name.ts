// I/O: finds a listed file whose name is not valid UTF-8. git (-z) and the folder walk hand names over decoded,
// with U+FFFD in place of each invalid byte, and no such string opens the file; here the folders are listed as raw
// bytes and the entry is matched, so triage can tell "renamed away" from "there, under a name we cannot carry".
import { isUtf8 } from 'node:buffer';
import { lstatSync, readdirSync } from 'node:fs';

const decoder = new TextDecoder('utf-8');

/** `srv\xFF.js`: the raw name with every byte that is not part of valid UTF-8 written as \xHH. */
export function escapedName(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (size > 0 && i + size <= bytes.length && isUtf8(bytes.subarray(i, i + size))) {
      out += decoder.decode(bytes.subarray(i, i + size));
      i += size;
    } else {
      out += `\\x${lead.toString(16).toUpperCase().padStart(2, '0')}`;
      i += 1;
    }
  }
  return out;
}

/** The path written with \xHH escapes when root/path names, byte for byte, an existing regular file; else undefined. */
export function rawEntry(root: string, path: string): string | undefined {
  let dir = Buffer.from(root);
  const shown: string[] = [];
  for (const segment of path.split('/')) {
    let entries: Buffer[];
    try {
      entries = readdirSync(dir, { encoding: 'buffer' });
    } catch {
      return undefined;
    }
    // Two raw names can decode alike (srv\xFE.js, srv\xFF.js): git lists them once, so every one is named.
    const matches = entries.filter((name) => decoder.decode(name) === segment);
    if (matches.length === 0) return undefined;
    const name = matches[0]!;
    shown.push(matches.map(escapedName).join(' and '));
    dir = Buffer.concat([dir, Buffer.from('/'), name]);
  }
  try {
    return lstatSync(dir).isFile() ? shown.join('/') : undefined;
  } catch {
    return undefined;
  }
}
