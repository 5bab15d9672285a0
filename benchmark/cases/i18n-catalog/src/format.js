// ICU-lite placeholders: "Hello {name}, you have {count} new messages".

const PLACEHOLDER = /\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g;

/**
 * Replaces {name} placeholders.
 * @param {string} message
 * @param {Record<string, string | number>} params  values by placeholder name; missing names are left as-is
 */
export function format(message, params) {
  return message.replace(PLACEHOLDER, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
