import { TextField } from '@mui/material';

interface SecretFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's message for the field. */
  error?: string;
  autoFocus?: boolean;
}

/** What the browser and the phone are told of each secret, so they offer to fill it in. */
const kinds = {
  // The six digits of an authenticator app: the number keyboard, and room for the space some type in the middle.
  code: { name: 'code', autoComplete: 'one-time-code', slotProps: { htmlInput: { inputMode: 'numeric' as const, maxLength: 7 } } },
  // The signed-in user's own password, asked again to confirm a change of their sign-in.
  password: { name: 'password', type: 'password', autoComplete: 'current-password' },
};

function SecretField({ kind, label, value, onChange, error, autoFocus = false }: SecretFieldProps & { kind: keyof typeof kinds }) {
  return (
    <TextField
      {...kinds[kind]}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error}
      autoFocus={autoFocus}
      required
      fullWidth
    />
  );
}

/** The six-digit code of an authenticator app, filled in by the phone where it offers the code. */
export const CodeField = (props: SecretFieldProps) => <SecretField kind="code" {...props} />;

/** The signed-in user's own password, which the browser's password manager may fill in. */
export const PasswordField = (props: SecretFieldProps) => <SecretField kind="password" {...props} />;
