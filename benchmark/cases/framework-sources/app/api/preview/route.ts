import { NextRequest } from 'next/server';

const PREVIEW_HOST = 'https://preview.internal.example.com';

export async function GET(request: NextRequest) {
  const target = request.nextUrl.searchParams.get('url');
  const page = await fetch(target ?? PREVIEW_HOST);
  return new Response(await page.text(), { headers: { 'content-type': 'text/html' } });
}

export async function POST(request: NextRequest) {
  const { id } = await request.json();
  const page = await fetch(`${PREVIEW_HOST}/pages/${encodeURIComponent(String(id))}`);
  return new Response(await page.text());
}
