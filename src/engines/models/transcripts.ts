// Where transcripts live and how they are keyed (role + prompt hash), written atomically and redacted,
// read back schema-checked. A missing transcript on replay is a loud failure, never a silent empty answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError } from '../../foundations/errors.ts';
import { writeJsonAtomic } from '../../foundations/fs/atomic.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import type { CompleteRequest, Role } from './types.ts';
import { Transcript } from './transcript-schema.ts';
import { redactDeep, type Redactor } from './redact.ts';
import { wireSchema } from './wire-schema.ts';

export function transcriptsDir(outDir: string): string {
  return join(outDir, 'transcripts');
}

export function promptHash(req: Pick<CompleteRequest<unknown>, 'system' | 'prompt' | 'schemaName' | 'schema'>): string {
  return hashJson({ system: req.system, prompt: req.prompt, schemaName: req.schemaName, schema: wireSchema(req.schema) });
}

export function transcriptPath(dir: string, role: Role, hash: string): string {
  return join(dir, `${role}-${hash}.json`);
}

export function writeTranscript(dir: string, transcript: Transcript, redact: Redactor): string {
  const path = transcriptPath(dir, transcript.role, transcript.promptHash);
  writeJsonAtomic(path, redactDeep(transcript, redact));
  return path;
}

export function readTranscript(dir: string, role: Role, hash: string): Transcript {
  const path = transcriptPath(dir, role, hash);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ProviderError(
        `Replay miss: no transcript for role '${role}' with prompt hash ${hash.slice(0, 12)}… in ${dir}. ` +
          'The prompt, schema or code changed since recording; record again with "record": true.',
        'other',
        false,
      );
    }
    throw new ProviderError(`Transcript ${path} is unreadable (${code ?? (error as Error).message}).`, 'other', false, { cause: error });
  }
  const result = validate(Transcript, raw);
  if (!result.ok) throw new ProviderError(`Transcript ${path} is not valid (${describeViolations(result.violations)}). Record it again.`, 'other', false);
  return raw as Transcript;
}
