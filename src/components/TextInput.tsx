import { FormControl, FormHelperText, FormLabel, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props extends Omit<OutlinedInputProps, 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** The label above the field rather than inside its outline, where one line must hold it: for long questions. */
  labelAbove?: boolean;
  /** The label's language where it is not the page's (a question staff have not translated). */
  labelLang?: string;
}

/**
 * A labelled text field for the portal's forms. Built from MUI's parts rather than TextField, which also carries its
 * select mode (menus, popovers, modals) and would push /register past its 200 kB budget.
 */
export function TextInput({ label, helperText, error, required, fullWidth = true, id, labelAbove, labelLang, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required}>
      {labelAbove ? (
        <FormLabel htmlFor={inputId} lang={labelLang} sx={{ mb: 0.5 }}>
          {label}
        </FormLabel>
      ) : (
        <InputLabel htmlFor={inputId} lang={labelLang}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={inputId}
        label={labelAbove ? undefined : `${label}${required ? ' *' : ''}`}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
