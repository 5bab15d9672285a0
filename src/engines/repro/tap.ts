// Failing tests from TAP output (node:test, and vitest/mocha's TAP reporters): title, error type, message,
// location and stack of each leaf failure. Parents that failed only because a subtest failed are dropped.

export interface TapFailure {
  title: string;
  errorType: string | null;
  message: string;
  location: string | null;
  stack: string;
  /** The test file never ran (a pytest collection error): nothing it could prove. */
  didNotRun?: boolean;
}

export function tapFailures(output: string): TapFailure[] {
  const lines = output.split('\n');
  const failures: TapFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\s*)not ok \d+ - (.*?)(\s+#\s*(TODO|SKIP).*)?$/.exec(lines[i]!);
    if (!head || head[3]) continue;
    const indent = head[1]!.length;
    const block: string[] = [];
    if (lines[i + 1]?.trim() === '---') {
      for (let j = i + 2; j < lines.length && lines[j]!.trim() !== '...'; j++) block.push(lines[j]!.slice(indent + 2));
    }
    const yaml = parseBlock(block);
    if (yaml.failureType === 'subtestsFailed') continue;
    failures.push({
      title: head[2]!.trim(),
      errorType: yaml.name ?? null,
      message: yaml.error ?? yaml.message ?? '',
      location: yaml.location ?? null,
      stack: yaml.stack ?? '',
    });
  }
  return failures;
}

// A small reader for the YAML subset TAP producers write: `key: value`, quoted values and `key: |-` blocks.
function parseBlock(lines: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z_]+):\s?(.*)$/.exec(lines[i]!);
    if (!m) continue;
    const [, key, raw] = m as unknown as [string, string, string];
    if (raw === '|-' || raw === '|' || raw === '>-') {
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1]!.startsWith('  ') || lines[i + 1]!.trim() === '')) body.push(lines[++i]!.slice(2));
      out[key] = body.join('\n').trimEnd();
    } else {
      out[key] = unquote(raw.trim());
    }
  }
  return out;
}

function unquote(value: string): string {
  if (value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}
