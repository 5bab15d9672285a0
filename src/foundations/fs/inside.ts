// Reads and writes of paths a model chose (the fixer's edits, the tester's test files) that stay inside a root:
// the path is relative with no '..' segment, and nothing on the way — the file itself or any folder above it — is a
// symbolic link, so the real path of the file and of every parent is inside the root's. The repository decides
// nothing here: a link it tracks refuses the read or write, naming the link and where it points.
import { closeSync, constants, lstatSync, mkdirSync, openSync, readlinkSync, readFileSync, realpathSync, writeSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { IntegrityError } from '../errors.ts';
import { isInside } from './paths.ts';

/** A read or write would leave the root (or go through a link that could): what, and why. Exit 3. */
export class OutsideRootError extends IntegrityError {
  override readonly name = 'OutsideRootError';
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * The absolute path of `rel` inside `root`, after checking every part of it; null when a part does not exist
 * (with `createFolders`, missing folders are made instead). Throws OutsideRootError on an absolute path, a '..',
 * a symbolic link or a non-folder on the way, or a last part that exists and is not a plain file.
 */
export function pathInside(root: string, rel: string, options: { createFolders?: boolean } = {}): string | null {
  const parts = rel.split(/[\\/]/).filter((p) => p !== '' && p !== '.');
  if (isAbsolute(rel) || /^[A-Za-z]:/.test(rel) || parts.length === 0 || parts.includes('..')) {
    throw new OutsideRootError(`${rel || '(empty path)'} is not a relative path inside ${root}: refused.`);
  }
  let current = root;
  for (const [i, part] of parts.entries()) {
    current = join(current, part);
    const named = parts.slice(0, i + 1).join('/');
    const st = lstatOrNull(current);
    if (st?.isSymbolicLink()) {
      throw new OutsideRootError(`${named} is a symbolic link (to ${linkText(current)}): refused for ${rel}; bug-hunter reads and writes only plain files and folders inside ${root}.`);
    }
    const last = i === parts.length - 1;
    if (!st) {
      if (last) break;
      if (!options.createFolders) return null;
      mkdirSync(current);
    } else if (!last && !st.isDirectory()) throw new OutsideRootError(`${named} is not a folder: refused for ${rel}.`);
    else if (last && !st.isFile()) throw new OutsideRootError(`${named} is not a plain file: refused.`);
  }
  // Belt and braces: the real parent is inside the real root (nothing above was swapped for a link).
  if (!isInside(realpathSync(root), realpathSync(dirname(current)))) throw new OutsideRootError(`${rel} resolves outside ${root}: refused.`);
  return current;
}

function linkText(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return 'an unreadable target';
  }
}

/** The text of `rel` inside `root`, or null when it does not exist; a link or escape on the way throws OutsideRootError. */
export function readInside(root: string, rel: string): string | null {
  const path = pathInside(root, rel);
  if (path === null || !lstatOrNull(path)) return null;
  return readFileSync(path, 'utf8');
}

/**
 * Writes `content` to `rel` inside `root` (missing folders made), never through a link: every part is checked and
 * the file is opened with O_NOFOLLOW. An existing file keeps its mode.
 */
export function writeInside(root: string, rel: string, content: string): void {
  const path = pathInside(root, rel, { createFolders: true })!;
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    const bytes = Buffer.from(content, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}
