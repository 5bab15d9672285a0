// Failing tests from pytest's output (run with --tb=native -rf), as the judge reads TAP failures: each FAILURES block
// is a Python traceback (parsed by the incident parser), its frames given in the one frame format the judge reads;
// an ERRORS block ("ERROR collecting …") is a test file that never ran. Pure.
import { parsePythonTrace } from '../stack-trace/python.ts';
import type { TapFailure } from './tap.ts';

const SECTION = /^=+ (FAILURES|ERRORS) =+$/;
const END = /^(=+ .* =+|!+ .* !+)$/;
const BLOCK = /^_{3,} (.+?) _{3,}$/;
// pytest's own frames, CPython's library and installed packages: never the code under test.
const NOT_TARGET = /(^|\/)(site-packages|dist-packages|_pytest|pluggy)\//;

export function pytestFailures(output: string): TapFailure[] {
  const failures: TapFailure[] = [];
  for (const { section, title, lines } of blocks(output)) {
    failures.push(section === 'ERRORS' ? collectionError(title, lines) : failed(title, lines));
  }
  return failures;
}

function blocks(output: string): Array<{ section: string; title: string; lines: string[] }> {
  const found: Array<{ section: string; title: string; lines: string[] }> = [];
  let section: string | null = null;
  for (const line of output.replace(/\r\n/g, '\n').split('\n')) {
    const s = SECTION.exec(line);
    if (s) {
      section = s[1]!;
      continue;
    }
    if (!section) continue;
    if (END.test(line)) {
      section = null;
      continue;
    }
    const b = BLOCK.exec(line);
    if (b) found.push({ section, title: b[1]!, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

function failed(title: string, lines: string[]): TapFailure {
  const trace = parsePythonTrace(lines.join('\n'));
  if (!trace) return { title, errorType: null, message: lines.join('\n').trim().slice(0, 2_000), location: null, stack: '' };
  const own = trace.frames.filter((f) => !f.runtime && !NOT_TARGET.test(f.path));
  // Innermost first, as Node prints them: the first frame names who raised.
  const stack = own.map((f) => `    at ${f.function ?? '<module>'} (${f.path}:${f.line}:0)`).join('\n');
  // The outermost frame of the workspace is the test function pytest called.
  return { title, errorType: trace.errorType, message: trace.message, location: own.at(-1)?.path ?? null, stack };
}

// 'ERROR collecting tests/test_x.py': the module failed to import, so no test in it ran.
function collectionError(title: string, lines: string[]): TapFailure {
  const error = lines.find((l) => /^E\s+\w+(\.\w+)*(Error|Exception|Exit)\b/.test(l));
  const m = /^E\s+(?:[\w.]+\.)?(\w+):?\s?(.*)$/.exec(error ?? '');
  const file = /^ERROR collecting (.+)$/.exec(title)?.[1] ?? null;
  return { title, errorType: m?.[1] ?? null, message: m ? `${m[1]}: ${m[2]}` : lines.join('\n').trim().slice(0, 2_000), location: file, stack: '', didNotRun: true };
}
