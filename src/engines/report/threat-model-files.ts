// Writes a threat model as the threat phase leaves it on disk: the view threat-model.md first, threat-model.json
// last, so a threat-model.json on disk always has its markdown beside it. The threat phase declares the same view;
// `bug-hunter merge` writes a merged model with writeThreatModel.
import { join } from 'node:path';
import { writeArtifact } from '../../artifacts/store.ts';
import type { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { renderThreatModel } from './threat-markdown.ts';

export const THREAT_MARKDOWN = 'threat-model.md';

/** For a merged model (`bug-hunter merge`): the view first, the artifact last, as the phase writes them. */
export function writeThreatModel(outDir: string, model: ThreatModel): void {
  writeFileAtomic(join(outDir, THREAT_MARKDOWN), renderThreatModel(model));
  writeArtifact(outDir, 'threat-model', model);
}
