import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  NativeSelect,
  OutlinedInput,
  Radio,
  RadioGroup,
} from '@mui/material';
import type { ReactNode } from 'react';
import { TextInput } from '../../components/TextInput';
import { useField } from './FormContext';

interface Common {
  name: string;
  label: string;
  /** The label's language where it is not the page's (a text staff have not translated). */
  lang?: string;
  required?: boolean;
  hint?: ReactNode;
}

/**
 * A field's helper text: its problem or hint, and below it, quieter, who else changed the field last where the form
 * says (FormApi.edited); read out with the field as its description.
 */
export function helperText(text: ReactNode, edited: string | undefined): ReactNode {
  if (!edited) return text ?? ' ';
  return (
    <>
      {text}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {edited}
      </Box>
    </>
  );
}

export interface Choice {
  value: string | number;
  label: string;
  lang?: string;
}

/** A text, e-mail, phone, number or long-text field of the application; a question's label stands above it. */
export function TextField({
  name,
  label,
  lang,
  required,
  hint,
  type = 'text',
  multiline,
  autoComplete,
  inputMode,
  labelAbove,
}: Common & {
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url' | 'text';
  labelAbove?: boolean;
}) {
  const field = useField<string | number | null>(name);
  return (
    <TextInput
      id={field.id}
      name={name}
      label={label}
      labelLang={lang}
      labelAbove={labelAbove}
      required={required}
      type={type}
      multiline={multiline}
      minRows={multiline ? 4 : undefined}
      value={field.value ?? ''}
      onChange={(event) =>
        field.set(type === 'number' ? (event.target.value === '' ? null : Number(event.target.value)) : event.target.value)
      }
      onBlur={field.leave}
      error={!!field.problem}
      helperText={helperText(field.problem ?? hint, field.edited)}
      readOnly={field.readOnly}
      inputProps={{ autoComplete, inputMode, 'aria-invalid': !!field.problem }}
    />
  );
}

/** One of a few choices, as radio buttons in a fieldset. */
export function RadioField({ name, label, lang, required, hint, choices }: Common & { choices: Choice[] }) {
  const field = useField<string | number | null>(name);
  const helperId = `${field.id}-helper`;
  return (
    <FormControl component="fieldset" required={required} error={!!field.problem} id={field.id} tabIndex={-1}>
      <FormLabel component="legend" lang={lang}>
        {label}
      </FormLabel>
      <RadioGroup
        name={name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => {
          const choice = choices.find((c) => String(c.value) === event.target.value);
          field.set(choice?.value ?? null);
        }}
        onBlur={field.leave}
        aria-describedby={helperId}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={String(choice.value)}
            control={<Radio disabled={field.readOnly} />}
            label={choice.label}
            lang={choice.lang}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helperId}>{helperText(field.problem ?? hint, field.edited)}</FormHelperText>
    </FormControl>
  );
}

/** Any number of choices, as check boxes in a fieldset; the value is the list of chosen values. */
export function CheckboxesField({
  name,
  label,
  lang,
  required,
  hint,
  choices,
  columns = 1,
  part,
}: Common & { choices: Choice[]; columns?: number; part?: string }) {
  const field = useField<(string | number)[] | null>(name);
  const chosen = field.value ?? [];
  // Several groups can share one field (the categories, by type): each gets an id of its own.
  const id = part ? `${field.id}-${part}` : field.id;
  const helperId = `${id}-helper`;
  const toggle = (value: string | number, on: boolean) => field.set(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <FormControl component="fieldset" required={required} error={!!field.problem} id={id} tabIndex={-1} fullWidth>
      <FormLabel component="legend" lang={lang}>
        {label}
      </FormLabel>
      <FormGroup
        aria-describedby={helperId}
        onBlur={field.leave}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` } }}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            control={
              <Checkbox
                checked={chosen.includes(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                disabled={field.readOnly}
              />
            }
            label={choice.label}
            lang={choice.lang}
          />
        ))}
      </FormGroup>
      {/* A field in several groups says who changed it once, beside them all (the categories' heading). */}
      <FormHelperText id={helperId}>{helperText(field.problem ?? hint, part ? undefined : field.edited)}</FormHelperText>
    </FormControl>
  );
}

/** One choice of many, as the browser's own select (light, and at home on phones). */
export function SelectField({
  name,
  label,
  lang,
  required,
  hint,
  choices,
  placeholder,
}: Common & { choices: Choice[]; placeholder: string }) {
  const field = useField<string | number | null>(name);
  const helperId = `${field.id}-helper`;
  return (
    <FormControl fullWidth required={required} error={!!field.problem}>
      <FormLabel htmlFor={field.id} lang={lang} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <NativeSelect
        input={<OutlinedInput />}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => field.set(choices.find((c) => String(c.value) === event.target.value)?.value ?? null)}
        onBlur={field.leave}
        disabled={field.readOnly}
        inputProps={{ id: field.id, name, 'aria-describedby': helperId, 'aria-invalid': !!field.problem }}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={String(choice.value)} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText id={helperId}>{helperText(field.problem ?? hint, field.edited)}</FormHelperText>
    </FormControl>
  );
}

/** A box to tick (consent). */
export function CheckField({ name, label, hint }: Common) {
  const field = useField<boolean>(name);
  const helperId = `${field.id}-helper`;
  return (
    <FormControl error={!!field.problem}>
      <FormControlLabel
        control={
          <Checkbox
            id={field.id}
            checked={!!field.value}
            onChange={(event) => {
              field.set(event.target.checked);
            }}
            onBlur={field.leave}
            disabled={field.readOnly}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helperId}>{helperText(field.problem ?? hint, field.edited)}</FormHelperText>
    </FormControl>
  );
}
