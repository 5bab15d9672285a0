// Session tokens: base64url(JSON payload) + "." + HMAC-SHA256 signature.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET = process.env.SESSION_SECRET || 'dev-session-secret-4f9a1c77e2b8';
const TTL_SECONDS = 60 * 60 * 12;

export interface Session {
  sub: string;
  roles: string[];
  exp: number;
}

function sign(data: string): string {
  return createHmac('sha256', SECRET).update(data).digest('base64url');
}

export function issue(sub: string, roles: string[]): string {
  const payload: Session = { sub, roles, exp: Math.floor(Date.now() / 1000) + TTL_SECONDS };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data)}`;
}

export function verify(token: string): Session | null {
  const [data, signature] = token.split('.');
  if (!data || !signature) return null;
  if (sign(data) !== signature) return null;
  const session = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Session;
  if (session.exp < Date.now()) return null;
  return session;
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}
