// The repository paths a cached value cites: every string under a property named \`file\`, at any depth (the
// artifacts' schemas name a cited path that way: \`at.file\`, \`locations[].file\`, \`entry.file\`). A whole-set entry
// citing a file outside the set it was looked up for is a damaged or planted entry, not an answer.

/** True when every \`file\` the value cites is one of \`paths\`. */
export function citesOnly(value: unknown, paths: ReadonlySet<string>): boolean {
  if (Array.isArray(value)) return value.every((item) => citesOnly(item, paths));
  if (value === null || typeof value !== 'object') return true;
  for (const [key, member] of Object.entries(value)) {
    if (key === 'file' && typeof member === 'string' && !paths.has(member)) return false;
    if (!citesOnly(member, paths)) return false;
  }
  return true;
}
