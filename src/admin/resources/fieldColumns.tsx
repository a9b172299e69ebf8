import {
  BooleanField,
  DataTable,
  DateField,
  EmailField,
  FunctionField,
  NumberField,
  ReferenceField,
  SelectField,
  TextField,
  useLocaleState,
} from 'react-admin';
import type { Field, ResourceDefinition } from '../../../resources/fields';
import { resourceByName } from '../../../resources/index';
import { formatMoney } from '../../../resources/format';
import { choicesOf } from './fieldInputs';

function Money({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} render={(record: Record<string, number>) => formatMoney(record[source], locale)} />;
}

export const fieldLabel = (field: Field, resource: ResourceDefinition) => `resources.${resource.name}.fields.${field.name}`;

/**
 * How a list shows one declared field's value. Inside a row that is itself a link (the phone's compact list), an
 * e-mail address is plain text: a link cannot hold another.
 */
export function fieldValue(field: Field, { inLink = false } = {}) {
  const props = { source: field.name };
  switch (field.kind) {
    case 'email':
      return inLink ? <TextField {...props} /> : <EmailField {...props} />;
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
      const target = resourceByName(field.reference)!;
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

/** The list column for one declared field; sortable where the declaration allows. */
export function fieldColumn(field: Field, resource: ResourceDefinition) {
  return (
    <DataTable.Col
      key={field.name}
      source={field.name}
      label={fieldLabel(field, resource)}
      disableSort={!field.sortable}
      align={field.kind === 'money' || field.kind === 'integer' ? 'right' : undefined}
    >
      {fieldValue(field)}
    </DataTable.Col>
  );
}
