// Escaping for the three places user text ends up: HTML text, HTML attributes and regular expressions.

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML[ch] ?? ch);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Builds a case-insensitive matcher for a user-supplied search term. */
export function searchPattern(term: string): RegExp {
  return new RegExp(escapeRegExp(term.trim()), 'i');
}
