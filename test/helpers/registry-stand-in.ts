// A package registry stand-in on 127.0.0.1 for the `fetch` dependency strategy's tests: it serves a packument and
// a tarball per package, both built in the test from a folder with `npm pack` (no network), and records every request.
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RegistryStandIn {
  url: string;
  /** Request paths in the order they came. */
  requests: string[];
  close(): Promise<void>;
}

export interface StandInPackage {
  name: string;
  version: string;
  /** The packed folder (its package.json names it). */
  dir: string;
}

/** Packs each package and serves it; the packument's tarball URLs point back at this server. */
export async function startRegistryStandIn(packages: StandInPackage[]): Promise<RegistryStandIn> {
  const tarballs = new Map<string, Buffer>();
  const metas = new Map<string, { tarball: string; integrity: string; shasum: string; manifest: Record<string, unknown> }[]>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(path);
    const tgz = tarballs.get(path);
    if (tgz) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tgz.length });
      res.end(tgz);
      return;
    }
    const versions = metas.get(path.slice(1));
    if (!versions) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
      return;
    }
    const name = path.slice(1);
    const packument = {
      name,
      'dist-tags': { latest: versions.at(-1)!.manifest.version },
      versions: Object.fromEntries(versions.map((v) => [v.manifest.version, { ...v.manifest, _id: `${name}@${String(v.manifest.version)}`, dist: { tarball: `${url}${v.tarball}`, integrity: v.integrity, shasum: v.shasum } }])),
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(packument));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const pkg of packages) {
    const file = execFileSync('npm', ['pack', '--silent', '--ignore-scripts'], { cwd: pkg.dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', npm_config_cache: join(pkg.dir, '.npm-cache') } }).trim().split('\n').at(-1)!;
    const data = readFileSync(join(pkg.dir, file));
    const base = pkg.name.split('/').at(-1)!;
    const tarball = `/${pkg.name}/-/${base}-${pkg.version}.tgz`;
    tarballs.set(tarball, data);
    const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const list = metas.get(pkg.name) ?? [];
    list.push({ tarball, integrity: `sha512-${createHash('sha512').update(data).digest('base64')}`, shasum: createHash('sha1').update(data).digest('hex'), manifest });
    metas.set(pkg.name, list);
  }
  return { url, requests, close: () => new Promise((done) => server.close(() => done())) };
}
