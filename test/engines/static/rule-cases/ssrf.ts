// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule ssrf: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
import { readFile } from 'fs/promises';
import { join } from 'path';
import { NextRequest } from 'next/server';
const FILES = '/srv/files';

// from test/engines/static/fixtures/frameworks/next/app/api/files/[slug]/route.ts
export async function POST(request: Request) {
  const { searchParams } = new URL(request.url);
  const upstream = await fetch(searchParams.get('source') ?? ''); // ruleid: ssrf
  return new Response(await upstream.text());
}

// from test/engines/static/fixtures/frameworks/next/app/api/files/[slug]/route.ts
export async function PUT(request: NextRequest) {
  const { callback } = await request.json();
  await fetch(callback, { method: 'POST' }); // ruleid: ssrf
  return new Response(null, { status: 204 });
}
