// `bug-hunter advisories update`: downloads OSV's npm export (a zip of one OSV JSON record per advisory), checks
// that it is one (a zip whose every *.json entry is a valid OSV record, at least one), and only then replaces the
// cached copy. Any failure (an HTTP error, an unreachable host, a corrupt archive, a record that is not OSV) leaves
// the previous copy exactly as it was and says what went wrong, naming the URL.
import { unzipSync } from 'fflate';
import { InfrastructureError } from '../../../foundations/errors.ts';
import { sha256 } from '../../../foundations/hashing/hash.ts';
import { cappedFetch } from '../../net/capped-fetch.ts';
import { writeExportCopy, type ExportCopy } from './export-cache.ts';
import { parseOsvRecord } from './osv.ts';
import type { Advisory } from './types.ts';

const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
const TIMEOUT_MS = 10 * 60_000;
// Entries are inflated this many at a time, so the whole archive never sits in memory decompressed.
const BATCH = 2000;

export class AdvisoryUpdateError extends InfrastructureError {
  override readonly name: string = 'AdvisoryUpdateError';
}

export async function updateExportCopy(url: string, dir: string, now: () => Date = () => new Date()): Promise<ExportCopy> {
  const data = await download(url);
  const { records, advisories } = readArchive(data, url);
  const copy: ExportCopy = { url, fetchedAt: now().toISOString(), records, bytes: data.byteLength, sha256: sha256(data), advisories };
  writeExportCopy(dir, copy);
  return copy;
}

async function download(url: string): Promise<Uint8Array> {
  const capped = cappedFetch(MAX_ARCHIVE_BYTES, (max) => new AdvisoryUpdateError(`${url} answered more than ${max / 1048576} MiB; nothing was changed`));
  let response: Response;
  try {
    response = await capped(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/zip' } });
  } catch (error) {
    throw new AdvisoryUpdateError(`${url} could not be reached (${(error as Error).message}); nothing was changed`);
  }
  if (!response.ok) throw new AdvisoryUpdateError(`${url} answered ${response.status} ${response.statusText}; nothing was changed`.replace(/ +;/, ';'));
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw error instanceof AdvisoryUpdateError ? error : new AdvisoryUpdateError(`${url}: the download broke off (${(error as Error).message}); nothing was changed`);
  }
}

/** Every OSV record in the archive, checked; throws naming the URL and the entry when it is not an OSV export. */
export function readArchive(data: Uint8Array, url: string): { records: number; advisories: Advisory[] } {
  const fail = (what: string): never => {
    throw new AdvisoryUpdateError(`${url} is not an OSV export: ${what}; nothing was changed`);
  };
  let records = 0;
  const advisories: Advisory[] = [];
  for (let start = 0; ; start += BATCH) {
    let seen = 0;
    let files: Record<string, Uint8Array> = {};
    try {
      files = unzipSync(data, { filter: (f) => seen++ >= start && seen <= start + BATCH && f.name.endsWith('.json') });
    } catch (error) {
      fail(`not a readable zip archive (${(error as Error).message})`);
    }
    for (const [name, bytes] of Object.entries(files)) {
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        fail(`${name} is not valid JSON`);
      }
      let advisory: Advisory;
      try {
        advisory = parseOsvRecord(value, name);
      } catch (error) {
        return fail((error as Error).message.replace(/^--advisories: /, '').replace(/\.$/, ''));
      }
      records++;
      if (advisory.affected.length > 0) advisories.push(advisory);
    }
    if (seen <= start + BATCH) break;
  }
  if (records === 0) fail('the archive holds no OSV record (*.json)');
  return { records, advisories };
}
