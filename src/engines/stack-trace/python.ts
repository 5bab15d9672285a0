// Python tracebacks as logged: 'Traceback (most recent call last):', '  File "path", line N, in fn' frames
// (outermost first, so they are reversed) and the final 'Type: message' line. With chained exceptions the last
// traceback is the one that was raised. Pure.
import type { StackTrace, TraceFrame } from './types.ts';

const START = /^\s*Traceback \(most recent call last\):\s*$/;
const FRAME = /^\s*File "([^"]+)", line (\d+)(?:, in (.+))?\s*$/;
const EXCEPTION = /^\s*((?:[A-Za-z_][\w]*\.)*([A-Za-z_][\w]*))(?::\s?(.*))?$/;
// CPython's own library, installed packages and generated code are not the target's code.
const RUNTIME = /(^|\/)(lib\/python[\d.]+|lib64\/python[\d.]+)\/(?!site-packages|dist-packages)|^<frozen |^<string>$|^<stdin>$/;

export function looksLikePythonTrace(text: string): boolean {
  return text.split('\n').some((l) => START.test(l));
}

export function parsePythonTrace(text: string): StackTrace | null {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let start = -1;
  for (let i = 0; i < lines.length; i++) if (START.test(lines[i]!)) start = i;
  if (start < 0) return null;
  const frames: TraceFrame[] = [];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const frame = FRAME.exec(line);
    if (frame) {
      const fn = frame[3]?.trim();
      frames.push({ path: frame[1]!, line: Number(frame[2]), function: fn && fn !== '<module>' ? fn : null, runtime: RUNTIME.test(frame[1]!) });
      continue;
    }
    // Source lines and 3.11+ carets under a frame are indented; the exception line is not.
    if (/^\s/.test(line) || line.trim() === '') continue;
    break;
  }
  const exception = EXCEPTION.exec(lines[i] ?? '');
  if (!exception) return null;
  const rest: string[] = [];
  for (let j = i + 1; j < lines.length && lines[j]!.trim() !== '' && !START.test(lines[j]!); j++) rest.push(lines[j]!.trimEnd());
  const message = [exception[3]?.trim() ?? '', ...rest].filter(Boolean).join('\n');
  return { runtime: 'python', errorType: exception[2]!, message, frames: frames.reverse() };
}
