import { BooleanField, DateField, EmailField, FunctionField, NumberField, ReferenceField, SelectField, TextField, useLocaleState } from 'react-admin';
import type { Field, ReferenceField as Reference, ResourceDefinition } from '../../../resources/fields';
import { resourceByName } from '../../../resources/index';
import { formatMoney } from '../../../resources/format';
import { choicesOf } from './fieldInputs';

function Money({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} render={(record: Record<string, number>) => formatMoney(record[source], locale)} textAlign="right" />;
}

/** The react-admin list column for one declared field; sortable where the declaration allows. */
export function fieldColumn(field: Field, resource: ResourceDefinition) {
  const props = { source: field.name, key: field.name, sortable: !!field.sortable, label: `resources.${resource.name}.fields.${field.name}` };
  switch (field.kind) {
    case 'email':
      return <EmailField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'integer':
      return <NumberField {...props} />;
    case 'money':
      return <Money {...props} />;
    case 'enum':
    case 'choice':
      return <SelectField {...props} choices={choicesOf(field)} />;
    case 'reference': {
      const target = resourceByName((field as Reference).reference)!;
      return (
        <ReferenceField {...props} reference={target.name} link={false}>
          <TextField source={target.labelField} />
        </ReferenceField>
      );
    }
    default:
      return <TextField {...props} />;
  }
}
