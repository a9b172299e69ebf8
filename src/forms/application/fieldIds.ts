/** The element id of a field's input, so the list of problems can link to it. */
export const inputId = (field: string) => `field-${field.replace('.', '-')}`;
