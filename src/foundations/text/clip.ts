// Text cut to a length for a record or a message, with an ellipsis that says it was cut. Pure.

/** The text, or its first max - 1 characters and '…' when it is longer than max. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
