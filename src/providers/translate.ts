/**
 * Polyglot's translate, the part we use, without its library and polyfills (which the portal would otherwise
 * download): nested messages read by dotted key, %{name} interpolation, and plural forms split by "||||" and chosen
 * by smart_count. The same rules as node-polyglot, which the server still uses for its messages.
 */
export type TranslateOptions = Record<string, unknown> & { smart_count?: unknown; _?: unknown };

/** Messages nested as in locales/*.json, flattened to dotted keys. */
export function flatten(messages: object, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  const entries: [string, unknown][] = Object.entries(messages);
  for (const [key, value] of entries) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, path, into);
    else if (typeof value === 'string') into[path] = value;
  }
  return into;
}

/**
 * A value in the text of a %{placeholder}: a string, number or boolean as String() writes it; an object (which is
 * not meant to be passed) as its JSON rather than "[object Object]".
 */
export function placeholderText(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The text of a key: its phrase, else the `_` default, else what onMissingKey gives. Plural forms follow the rule
 * of Swedish and English (one form for exactly 1, the other for every other count).
 */
export function translate(
  phrases: Record<string, string>,
  key: string,
  options: TranslateOptions = {},
  onMissingKey: (key: string, options: TranslateOptions) => string = () => key,
): string {
  const phrase = typeof phrases[key] === 'string' ? phrases[key] : typeof options._ === 'string' ? options._ : null;
  if (phrase === null) return onMissingKey(key, options);
  let result = phrase;
  if (options.smart_count !== undefined && options.smart_count !== null && phrase) {
    const forms = phrase.split('||||');
    result = (forms[options.smart_count === 1 ? 0 : 1] || forms[0]).trim();
  }
  // A placeholder without a value stays as it is.
  return result.replace(/%\{(.*?)\}/g, (token, name: string) =>
    Object.prototype.hasOwnProperty.call(options, name) && options[name] !== undefined && options[name] !== null
      ? placeholderText(options[name])
      : token,
  );
}
