/** A translate function as both the browser and the server have it; `_` is the text when the key has none. */
export type ProbingTranslate = (key: string, options: { _: string }) => string;

/**
 * How a message names a field, the same in the browser and on the server: the resource's field label, else a common
 * attribute name (attributes.*), else the field name; lower-cased to sit inside a sentence ("Fältet e-postadress …").
 * A list's item is named by its list ("global_goals.0" is the global goals). Keys are looked up with a default, so
 * a field without a label of its own is no missing translation.
 */
export function attributeLabel(translate: ProbingTranslate, field: string, resource?: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  for (const key of [resource && `resources.${resource}.fields.${last}`, `attributes.${last}`]) {
    if (!key) continue;
    const label = translate(key, { _: key });
    if (label !== key) return label.charAt(0).toLocaleLowerCase() + label.slice(1);
  }
  return last.replace(/_/g, ' ');
}
