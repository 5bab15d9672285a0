// Failing tests from `go test` output, as the judge reads TAP failures. Pure. '--- FAIL: TestX (0.00s)' opens a
// failure; the indented lines under it are what t.Errorf/t.Fatalf printed ('    x_test.go:12: message'); a
// 'panic: …' with its goroutine trace is the test's panic (parsed by the incident's Go parser, runtime frames
// dropped). A '[build failed]' or '[setup failed]' package is a test that never ran.
import { basename } from 'node:path';
import { parseGoTrace } from '../stack-trace/go.ts';
import type { TapFailure } from './tap.ts';

const FAIL = /^\s*--- FAIL: (\S+) \(/;
const REPORTED = /^\s+(\S+\.go):\d+: ?(.*)$/;
const NEVER_RAN = /^FAIL\s+(\S+) \[(build failed|setup failed)\]\s*$/m;

/** `testPath` is the injected test (workspace-relative): t.Errorf lines name only its base name. */
export function goTestFailures(output: string, testPath: string): TapFailure[] {
  const text = output.replace(/\r\n/g, '\n');
  const never = NEVER_RAN.exec(text);
  if (never) return [{ title: never[1]!, errorType: null, message: `${never[2]}: ${compileErrors(text) || never[0]}`, location: testPath, stack: '', didNotRun: true }];
  const lines = text.split('\n');
  const failures: TapFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FAIL.exec(lines[i]!);
    if (!open) continue;
    const reported: string[] = [];
    let file: string | null = null;
    for (let j = i + 1; j < lines.length && /^\s{4,}\S/.test(lines[j]!) && !FAIL.test(lines[j]!); j++) {
      const r = REPORTED.exec(lines[j]!);
      if (r) file ??= r[1]!;
      reported.push(r ? r[2]! : lines[j]!.trim());
    }
    failures.push({ title: open[1]!, errorType: null, message: reported.join('\n'), location: file && file === basename(testPath) ? testPath : file, stack: '' });
  }
  const trace = parseGoTrace(text);
  if (trace) {
    const own = trace.frames.filter((f) => !f.runtime);
    // The outermost frame of the workspace is the test function `go test` called; its name is the failing test.
    const test = own.at(-1);
    const title = test?.function ?? failures.at(-1)?.title ?? 'panic';
    const panicked: TapFailure = {
      title,
      errorType: trace.errorType,
      message: trace.message,
      location: test?.path ?? null,
      // Innermost first, as Node prints them: the first frame names who panicked.
      stack: own.map((f) => `    at ${f.function ?? '<unknown>'} (${f.path}:${f.line}:0)`).join('\n'),
    };
    // The test that panicked is printed as '--- FAIL' with no message of its own: the panic replaces it.
    const same = failures.findIndex((f) => f.title === title && f.message.trim() === '');
    if (same >= 0) failures.splice(same, 1, panicked);
    else failures.push(panicked);
  }
  return failures;
}

// The compiler's own lines ('pkg/x_test.go:5:2: undefined: Foo'), so the tester sees why it did not build.
function compileErrors(text: string): string {
  return text.split('\n').filter((l) => /\.go:\d+(:\d+)?: /.test(l)).slice(0, 10).join('\n');
}
