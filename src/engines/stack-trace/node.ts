// Node.js stack traces as logged (error.stack, an uncaught exception, console.error): the 'Type: message' header
// and the '    at fn (path:line:col)' frames. Pure.
import type { StackTrace, TraceFrame } from './types.ts';

const FRAME = /^\s*at (?:async )?(?:(.+?) \()?((?:file:\/\/)?[^()\s][^()]*?):(\d+):(\d+)\)?\s*$/;
const ANY_FRAME = /^\s*at\s/;
// 'TypeError: …', 'Error [ERR_X]: …', 'Uncaught RangeError: …', possibly after a log prefix ('… ERROR ').
const HEADER = /(?:^|[\s\]|])(?:Uncaught )?((?:[A-Za-z_$][\w$]*\.)*([A-Z][\w$]*))(?: \[[A-Z0-9_]+\])?: ?(.*)$/;
const BARE_HEADER = /^\s*(?:Uncaught )?([A-Z][\w$]*(?:Error|Exception))\s*$/;

export function looksLikeNodeTrace(text: string): boolean {
  return text.split('\n').some((l) => FRAME.test(l));
}

export function parseNodeTrace(text: string): StackTrace | null {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const first = lines.findIndex((l) => FRAME.test(l));
  if (first < 0) return null;
  const header = headerAbove(lines, first);
  if (!header) return null;
  const frames: TraceFrame[] = [];
  for (let i = first; i < lines.length && (ANY_FRAME.test(lines[i]!) || lines[i]!.trim() === ''); i++) {
    if (lines[i]!.trim() === '') {
      if (frames.length > 0) break;
      continue;
    }
    const frame = nodeFrame(lines[i]!);
    if (frame) frames.push(frame);
  }
  return { runtime: 'node', errorType: header.type, message: header.message, frames };
}

// The header is the nearest line above the frames that names an error; lines between it and the frames are the
// rest of a multi-line message.
function headerAbove(lines: string[], first: number): { type: string; message: string } | null {
  for (let i = first - 1; i >= 0 && i >= first - 20; i--) {
    const line = lines[i]!;
    const bare = BARE_HEADER.exec(line);
    const m = bare ? null : HEADER.exec(line);
    const type = bare?.[1] ?? m?.[2];
    if (!type || (!bare && !/(Error|Exception)$|^Error$/.test(type) && i !== first - 1)) continue;
    const rest = lines.slice(i + 1, first).map((l) => l.trimEnd()).filter((l) => l !== '');
    return { type, message: [bare ? '' : (m![3] ?? '').trim(), ...rest].filter(Boolean).join('\n') };
  }
  return null;
}

export function nodeFrame(line: string): TraceFrame | null {
  const m = FRAME.exec(line);
  if (!m) return null;
  const path = m[2]!.replace(/^file:\/\//, '');
  const runtime = /^(node:|internal\/)/.test(path) || path === 'native' || path.startsWith('<');
  return { path, line: Number(m[3]), column: Number(m[4]), function: normaliseName(m[1]), runtime };
}

function normaliseName(raw: string | undefined): string | null {
  if (!raw) return null;
  const name = raw.replace(/ \[as [^\]]+\]$/, '').replace(/^new /, '').replace(/^Object\.(?!<)/, '').trim();
  return name === '' || name.includes('<anonymous>') ? null : name;
}
