// The messages between the hunt pool and its workers.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { SourceFile } from '../types.ts';

export interface HuntRequest {
  id: number;
  file: SourceFile;
}

export type HuntReply = { id: number; findings: Finding[] } | { id: number; error: string };
