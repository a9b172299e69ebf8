import { Chip } from '@mui/material';
import type { AutocompleteRenderValueGetItemProps } from '@mui/material/Autocomplete';
import {
  AutocompleteArrayInput,
  BooleanInput,
  DateInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { enumCodes, type ChoiceField, type EnumField, type Field, type ResourceDefinition } from '../../../resources/fields';
import { enums } from '../../../resources/enums';
import { resourceByName } from '../../../resources/index';
import { phoneExample } from '../../../resources/phone';
import { orgNumberExample } from '../../../resources/validators';
import { MoneyFieldInput } from './MoneyFieldInput';

/** Choices of an enumeration or a fixed code list; react-admin translates the label keys. */
export function choicesOf(field: EnumField | ChoiceField): { id: string | number; name: string }[] {
  if (field.kind === 'enum') {
    const { enumName } = field;
    const codes = enumCodes(field);
    return Object.entries(enums[enumName])
      .filter(([, value]) => codes.includes(value))
      .map(([key, value]) => ({ id: value, name: `enums.${enumName}.${key}` }));
  }
  const { choices, labels } = field;
  return choices.map((code) => ({ id: code, name: `${labels}.${code}` }));
}

const lines = {
  format: (value: string[] | null) => (value ?? []).join('\n'),
  parse: (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
};

/**
 * The chosen records of a references input as chips, each named in full as its title: a long name is cut with an
 * ellipsis (the Chip's own label style) rather than widening the form, and the whole name stays in the text that
 * screen readers read.
 */
const chipsNamedBy =
  (labelField: string) => (records: Record<string, unknown>[], getItemProps: AutocompleteRenderValueGetItemProps<true>) =>
    records.map((record, index) => {
      const { key, ...props } = getItemProps({ index });
      const label = record[labelField];
      const name = typeof label === 'string' ? label : '';
      return <Chip key={key} size="small" label={name} title={name} {...props} />;
    });

/** The react-admin input for one declared field. */
export function FieldInput({ field, resource }: { field: Field; resource: Pick<ResourceDefinition, 'name'> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const common = {
    source: field.name,
    fullWidth: true,
    isRequired: field.required,
    readOnly: field.readOnly,
    // An English twin says what an empty one means: applicants reading English are shown the Swedish.
    helperText: field.help
      ? translate(`resources.${resource.name}.help.${field.name}`, { min: field.min, max: field.max })
      : field.translates
        ? translate('app.fields.translation_help')
        : (false as const),
    defaultValue: field.default,
  };
  if (field.widget === 'month') {
    const month = (number: number) =>
      new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, number - 1, 1));
    const months = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, name: month(index + 1) }));
    return <SelectInput {...common} choices={months} translateChoice={false} />;
  }
  if (field.widget === 'radio' && (field.kind === 'choice' || field.kind === 'enum')) {
    const { fullWidth: _fullWidth, defaultValue, ...radio } = common;
    return <RadioButtonGroupInput {...radio} defaultValue={defaultValue as string | undefined} choices={choicesOf(field)} row />;
  }
  switch (field.kind) {
    case 'textarea':
      return <TextInput {...common} multiline minRows={4} />;
    case 'email':
      return <TextInput {...common} type="email" autoComplete="off" />;
    case 'phone':
      return <TextInput {...common} type="tel" helperText={translate('app.fields.phone_help', { example: phoneExample() })} />;
    case 'url':
      return <TextInput {...common} type="url" />;
    case 'zip':
      return <TextInput {...common} inputMode="numeric" sx={{ maxWidth: 200 }} />;
    case 'orgNumber':
      return <TextInput {...common} helperText={translate('app.fields.org_number_help', { example: orgNumberExample })} />;
    case 'integer':
      return <NumberInput {...common} step={1} min={field.min} max={field.max} />;
    case 'money':
      // Stored in öre, edited in kronor; the lowest amount is the validation's.
      return <MoneyFieldInput {...common} resource={resource.name} min={field.min ?? 0} max={field.max} />;
    case 'date':
      return <DateInput {...common} />;
    case 'boolean':
      return <BooleanInput source={field.name} readOnly={field.readOnly} defaultValue={field.default} />;
    case 'enum':
    case 'choice':
      return <SelectInput {...common} choices={choicesOf(field)} />;
    case 'reference': {
      const target = resourceByName(field.reference)!;
      return (
        <ReferenceInput source={field.name} reference={target.name} sort={target.defaultSort} perPage={100}>
          <SelectInput
            optionText={target.labelField}
            fullWidth
            isRequired={field.required}
            helperText={false}
            label={`resources.${resource.name}.fields.${field.name}`}
          />
        </ReferenceInput>
      );
    }
    case 'references': {
      const target = resourceByName(field.reference)!;
      return (
        <ReferenceArrayInput source={field.name} reference={target.name} sort={target.defaultSort} perPage={100}>
          <AutocompleteArrayInput
            optionText={target.labelField}
            fullWidth
            helperText={common.helperText}
            label={`resources.${resource.name}.fields.${field.name}`}
            renderValue={chipsNamedBy(target.labelField)}
            // Sized by its container alone: a chip's full name would otherwise widen the layout (whose minimum width is
            // its content's) to past a phone's screen, before the chip's maxWidth could cut it.
            sx={{ contain: 'inline-size' }}
          />
        </ReferenceArrayInput>
      );
    }
    case 'options':
      return (
        <TextInput
          {...common}
          multiline
          minRows={3}
          format={lines.format}
          parse={lines.parse}
          helperText={translate(field.translates ? 'app.fields.options_translation_help' : 'app.fields.options_help')}
        />
      );
    case 'uuid':
      return <TextInput {...common} readOnly />;
    default:
      return <TextInput {...common} />;
  }
}
