// Secret redaction for anything stored or shown: host secret values and well-known token shapes. Lives in
// foundations so reports, model transcripts and the sandbox share it without loading the sandbox.
// Pure: callers pass the environment; nothing here reads process.env.

const PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  /\b(AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bsk-(ant-|proj-|live_|test_)?[A-Za-z0-9_-]{16,}/g,
  /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /\b([Bb]earer|[Tt]oken)\s+[A-Za-z0-9._~+/=-]{12,}/g,
];

const SECRET_NAME = /(TOKEN|SECRET|PASSW(OR)?D|PASS|API_?KEY|ACCESS_?KEY|PRIVATE|CREDENTIAL|AUTH|SESSION|COOKIE|_KEY$)/i;
const MIN_SECRET_LENGTH = 6;

export const REDACTED = '[REDACTED]';

/** Values worth hiding from an environment: those under secret-looking names, and any that match a token shape. */
export function secretValuesFrom(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < MIN_SECRET_LENGTH) continue;
    if (SECRET_NAME.test(name) || PATTERNS.some((p) => new RegExp(p.source).test(value))) values.add(value);
  }
  return [...values];
}

/** Replaces every known secret value, then every token-shaped string. Longest values first so overlaps vanish whole. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  for (const pattern of PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}
