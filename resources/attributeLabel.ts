/**
 * How a message names a field, the same in the browser and on the server: the resource's field label, else a common
 * attribute name (attributes.*), else the field name; lower-cased to sit inside a sentence ("Fältet e-postadress …").
 */
export function attributeLabel(translate: (key: string) => string, field: string, resource?: string): string {
  const last = field.split('.').pop() ?? field;
  for (const key of [resource && `resources.${resource}.fields.${last}`, `attributes.${last}`]) {
    if (!key) continue;
    const label = translate(key);
    if (label !== key) return label.charAt(0).toLocaleLowerCase() + label.slice(1);
  }
  return last.replace(/_/g, ' ');
}
