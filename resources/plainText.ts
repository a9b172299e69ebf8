/** A stored scalar as text (strings as they are, numbers and yes/no written out); anything else as JSON, a safety net. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

// Control characters other than tab, line feed and carriage return are no part of a text (and PostgreSQL refuses NUL
// outright), nor is half of a surrogate pair, which no character encodes: one expression, so a text is read once.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const notText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;

/** Whether a text may be stored as it is: no control characters, no lone surrogate. The one text rule of the API. */
export const isPlainText = (text: string) => !notText.test(text);
