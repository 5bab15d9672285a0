// The import rule of src/, written down once: which top-level folders are shells (they compose phases) and what
// may import what. Pure: it judges an import graph it is given; import-graph.ts reads the real one.

/**
 * Top-level folders of src/ that compose phases into commands and may import them. Every other top-level folder
 * (and file) of src/ is a library: a phase may use it, and it never imports src/phases/**. A new folder is a
 * library unless it is added here, with a reason.
 */
export const SHELL_FOLDERS: Readonly<Record<string, string>> = {
  cli: 'parses arguments and calls the driver, the orchestrator and the other shells',
  driver: 'runs one declared phase: loads its inputs, writes its outputs',
  orchestrator: 'runs the phases of a scan in order',
  shard: 'the merge command: joins shard runs and renders their report again with the report and threat phases',
  watch: 'continuous mode: triages and scans each new commit',
  work: 'fixes labelled issues with the fixer phase',
  incident: 'repro --from: turns a bug report into a finding and fixes it with the fix phases',
  benchmark: 'the benchmark command: scans labelled cases and scores them',
};

/** Files directly in src/phases/ that every phase may import: the phase contract, not another phase. */
export const PHASE_CONTRACT = ['phases/types.ts'];

/** One import: both paths relative to src/, `to` resolved to the imported file. */
export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written, for the message. */
  specifier: string;
}

export type Place = { kind: 'phase'; name: string } | { kind: 'phases-root' } | { kind: 'shell'; name: string } | { kind: 'library'; name: string };

/** Where a file (relative to src/) sits in the layout. */
export function placeOf(path: string, shells: Readonly<Record<string, string>> = SHELL_FOLDERS): Place {
  const parts = path.split('/');
  const [top = '', second] = parts;
  if (top === 'phases') return parts.length > 2 && second ? { kind: 'phase', name: second } : { kind: 'phases-root' };
  if (parts.length > 1 && Object.hasOwn(shells, top)) return { kind: 'shell', name: top };
  return { kind: 'library', name: parts.length > 1 ? top : path };
}

/** Why this import breaks the layout, or undefined when it is allowed. */
export function ruleBroken(edge: ImportEdge, shells: Readonly<Record<string, string>> = SHELL_FOLDERS): string | undefined {
  const from = placeOf(edge.from, shells);
  const to = placeOf(edge.to, shells);
  if (from.kind === 'library' && (to.kind === 'phase' || to.kind === 'phases-root')) {
    return `library ${from.name} imports a phase; move what it needs out of src/phases into a library`;
  }
  if (from.kind === 'phase' && to.kind === 'phase' && to.name !== from.name) {
    return `phase ${from.name} imports phase ${to.name}; move what both need into a library`;
  }
  if (from.kind === 'phase' && to.kind === 'phases-root' && !PHASE_CONTRACT.includes(edge.to)) {
    return `phase ${from.name} imports src/${edge.to}, which is not the phase contract (${PHASE_CONTRACT.join(', ')}); move it into a library`;
  }
  return undefined;
}

/** Every broken import, one line each: `src/<file>: '<specifier>' (<why>)`. */
export function layoutViolations(edges: readonly ImportEdge[], shells: Readonly<Record<string, string>> = SHELL_FOLDERS): string[] {
  return edges.flatMap((edge) => {
    const why = ruleBroken(edge, shells);
    return why ? [`src/${edge.from}: '${edge.specifier}' (${why})`] : [];
  });
}
