import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { attributeLabel } from '../../../resources/attributeLabel';
import type { ResourceDefinition } from '../../../resources/fields';
import { validateRecord } from '../../../resources/validate';

/** The form-level validator of a resource: the same rules as the server, messages in the chosen language. */
export function useValidator(resource: Pick<ResourceDefinition, 'name' | 'fields'>) {
  const translate = useTranslate();
  return useCallback(
    (values: Record<string, unknown>) => {
      const fieldName = (field: string) => attributeLabel(translate, field, resource.name);
      const errors = validateRecord(resource, values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, [message]]) => {
          const other = message.params?.other ? { other: fieldName(String(message.params.other)) } : {};
          return [field, { message: message.key, args: { attribute: fieldName(field), ...message.params, ...other } }];
        }),
      );
    },
    [resource, translate],
  );
}
