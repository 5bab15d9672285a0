// XSD validation for tests: xmllint (Debian's libxml2-utils; .ci/run installs it) checks a document against a schema.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Ant/Jenkins JUnit XML schema, vendored (see its header for source and licence). */
export const JUNIT_XSD = fileURLToPath(new URL('../fixtures/schemas/JUnit.xsd', import.meta.url));

/** xmllint's verdict on `xml` against `xsd`: ok, and its messages (empty when valid). */
export function validateXml(xml: string, xsd: string): { ok: boolean; messages: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bh-xsd-'));
  try {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
    if (run.error) throw new Error(`xmllint did not run (${run.error.message}); install libxml2-utils.`);
    return { ok: run.status === 0, messages: `${run.stdout}${run.stderr}`.replace(/^.*validates\n?$/m, '').trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
