import { TextField } from '@mui/material';

/** The longest reason the server keeps (its columns' CHECK): a decision's, a deadline's, a repayment's, a change's. */
export const MAX_REASON = 2000;

/** A reason staff must give, over lines of its own, with the server's message for it beneath. */
export function ReasonField({
  label,
  value,
  onChange,
  problem,
  minRows = 2,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | null;
  minRows?: number;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      multiline
      fullWidth
      minRows={minRows}
      slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
      error={!!problem}
      helperText={problem ?? ' '}
    />
  );
}
