import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/fields';
import { validateRecord } from '../../../resources/validate';

/** The form-level validator of a resource: the same rules as the server, messages in the chosen language. */
export function useValidator(resource: ResourceDefinition) {
  const translate = useTranslate();
  return useCallback(
    (values: Record<string, unknown>) => {
      const errors = validateRecord(resource, values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, [message]]) => {
          const label = translate(`resources.${resource.name}.fields.${field}`);
          const attribute = label.charAt(0).toLocaleLowerCase() + label.slice(1);
          return [field, { message: message.key, args: { attribute, ...message.params } }];
        }),
      );
    },
    [resource, translate],
  );
}
