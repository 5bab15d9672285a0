// The I/O shell of locating: lists the target's source files (tests, node_modules and dot-folders left out), maps
// the trace's frames onto them, indexes what is needed (the framed files, or every source file for a words-only
// report) and asks the pure locate(). Also finds the nearest tests and the framework the tester must follow.
import { buildCodeIndex } from '../../engines/code-index/graph.ts';
import { indexSource } from '../../engines/code-index/index-file.ts';
import { readSource } from '../../engines/integrity/source.ts';
import { detectLanguage } from '../../engines/code-index/languages.ts';
import { nearestTests, TEST_FILE, walkFiles } from '../../engines/repro/context.ts';
import { detectFramework } from '../../engines/repro/framework.ts';
import type { Framework, NearestTest } from '../../engines/repro/types.ts';
import { reportClues, type ReportClues } from './clues.ts';
import { mapFrames, type MappedFrame } from './frames.ts';
import { locate, type Location } from './locate.ts';
import type { StackTrace } from '../../engines/stack-trace/types.ts';

const LANGUAGES = new Set(['javascript', 'typescript', 'python', 'go']);
const MAX_FILES = 20_000;
const MAX_INDEXED_BYTES = 512 * 1024;

export interface LocatedIncident {
  location?: Location;
  frames: MappedFrame[];
  clues: ReportClues;
  nearestTests: NearestTest[];
  framework: Framework | null;
  /** Source files considered (a cap was reached when equal to the limit). */
  filesSeen: number;
}

export function locateInTarget(root: string, text: string, trace?: StackTrace): LocatedIncident {
  const files = walkFiles(root, (name) => LANGUAGES.has(detectLanguage(name) ?? '') && !TEST_FILE.test(name), MAX_FILES);
  const frames = trace ? mapFrames(trace, files) : [];
  const clues = reportClues(text);
  // A trace needs only the files it passes through; words need every file (names and messages can be anywhere).
  const framed = frames.flatMap((f) => (f.file ? [f.file] : []));
  const { index, sources } = indexFiles(root, framed.length > 0 ? [...new Set(framed)] : files);
  const location = locate({ frames, clues, index, sources });
  return { frames, clues, filesSeen: files.length, framework: detectFramework(root), nearestTests: location ? nearestTests(root, location.file) : [], ...(location ? { location } : {}) };
}

function indexFiles(root: string, paths: readonly string[]) {
  const sources = new Map<string, string>();
  const entries = [];
  for (const path of paths) {
    const source = readSource(root, path);
    if (!source.ok || source.content.length > MAX_INDEXED_BYTES) continue;
    sources.set(path, source.content);
    entries.push(indexSource(path, detectLanguage(path.slice(path.lastIndexOf('/') + 1)) ?? 'text', source.content).file);
  }
  return { index: buildCodeIndex(entries, { paths }), sources };
}
