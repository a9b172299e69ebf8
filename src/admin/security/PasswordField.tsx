import { TextField } from '@mui/material';

/**
 * The signed-in user's own password, asked again to confirm a change of their sign-in: the browser's password manager
 * may fill it in (current-password). `error` is the server's message for the field.
 */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="password"
      name="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error}
      autoComplete="current-password"
      autoFocus={autoFocus}
      required
      fullWidth
    />
  );
}
