// Go panics as printed: 'panic: message' (or 'fatal error: …'), then the panicking goroutine's frames as pairs of
// lines — 'pkg/path.(*Type).Method(args)' and '\t/path/file.go:14 +0x23'. Pure.
import type { StackTrace, TraceFrame } from './types.ts';

const PANIC = /^(panic|fatal error): (.*?)(?: \[recovered\])?\s*$/;
const GOROUTINE = /^goroutine \d+ \[[^\]]+\]:\s*$/;
const LOCATION = /^\t(.+\.(?:go|s)):(\d+)(?: \+0x[0-9a-f]+)?\s*$/;
const CALL = /^(\S.*?)\((?:[^()]|\.\.\.)*\)$/;

export function looksLikeGoTrace(text: string): boolean {
  const lines = text.split('\n');
  return lines.some((l) => PANIC.test(l)) && lines.some((l) => GOROUTINE.test(l));
}

export function parseGoTrace(text: string): StackTrace | null {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const head = lines.findIndex((l) => PANIC.test(l));
  if (head < 0) return null;
  const [, kind, message] = PANIC.exec(lines[head]!)!;
  const start = lines.findIndex((l, i) => i > head && GOROUTINE.test(l));
  if (start < 0) return null;
  const frames: TraceFrame[] = [];
  for (let i = start + 1; i + 1 < lines.length; i += 2) {
    const call = CALL.exec(lines[i]!.trim() === '' ? '' : lines[i]!);
    const at = LOCATION.exec(lines[i + 1]!);
    if (!call || !at) break;
    const full = call[1]!.replace(/^created by /, '');
    frames.push({ path: at[1]!, line: Number(at[2]), function: shortName(full), runtime: isRuntime(full, at[1]!) });
  }
  return { runtime: 'go', errorType: kind === 'panic' ? 'panic' : 'fatal error', message: message!, frames };
}

/** 'example.com/shop/cart.(*Cart).Total' → 'Cart.Total'; 'main.main' → 'main'; 'pkg.fn.func1' → 'fn.func1'. */
export function shortName(full: string): string {
  const tail = full.slice(full.lastIndexOf('/') + 1);
  const withoutPackage = tail.slice(tail.indexOf('.') + 1);
  return withoutPackage.replace(/\(\*?([^)]+)\)/g, '$1');
}

// Go's runtime and standard library: functions of package runtime/testing, the builtin panic() frame, or files under
// a GOROOT (/usr/local/go, Debian's versioned /usr/lib/go-1.19, a go/src tree anywhere).
function isRuntime(fn: string, path: string): boolean {
  return fn === 'panic' || /^(runtime|testing|reflect|sync)\./.test(fn) || /\/go(-\d+(\.\d+)*)?\/src\/(runtime|testing|reflect|sync|internal)\//.test(path) || /^\/usr\/(local\/)?(lib\/)?go(-\d+(\.\d+)*)?\//.test(path);
}
