import { FormControl, FormHelperText, InputAdornment, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { formatMoneyInput, parseMoneyInput } from '../../resources/money';

export interface MoneyInputProps {
  id?: string;
  name?: string;
  label: string;
  /** Öre, or null when empty. */
  value: number | null;
  /** Called on blur with the parsed (rounded, clamped) öre, when that differs from `value`. */
  onChange: (ore: number | null) => void;
  onBlur?: () => void;
  /** Limits in öre; a typed value beyond them is clamped and reported with `onClamped`. */
  min?: number;
  max?: number;
  /** Default true (SPEC.md §5); false also ignores a typed minus. */
  allowNegative?: boolean;
  /** Decimals of kronor, 0–2; default 2. */
  precision?: number;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Shown after the number, e.g. "kr". */
  currencyLabel?: string;
  inputProps?: OutlinedInputProps['inputProps'];
  /** Called on every blur: true when the text is not a number (the text is kept and `onChange` not called). */
  onInvalid?: (invalid: boolean) => void;
  /** Called as the user types, with what the text reads as so far (null when not a number yet): for live sums. */
  onTyping?: (ore: number | null) => void;
  /** Called on blur when the typed value was clamped, with the limit it was clamped to. */
  onClamped?: (limitOre: number) => void;
}

const MINUS = /[-\u2212]/g;

/**
 * An amount in kronor, held as öre. While focused it shows exactly what is typed (reformatting under the caret would
 * move it); the text is read on blur and then shown as "25,000.50". Built from MUI's parts like the portal's TextInput.
 */
export function MoneyInput({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  allowNegative = true,
  precision = 2,
  required,
  disabled,
  error,
  helperText,
  currencyLabel,
  inputProps,
  onInvalid,
  onClamped,
  onTyping,
}: MoneyInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  // The user's own text: from focus until it is read, and kept after a blur when it is not a number.
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  const invalid = useRef(false);
  const formatted = formatMoneyInput(value, precision);

  // A new value from outside replaces what is shown, unless the user is typing.
  if (value !== shownValue) {
    setShownValue(value);
    if (!focused) setDraft(null);
  }
  // A kept unparseable text replaced that way is no longer invalid; the parent has to hear it.
  useEffect(() => {
    if (draft === null && invalid.current) {
      invalid.current = false;
      onInvalid?.(false);
    }
  }, [draft, onInvalid]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    inputProps?.onKeyDown?.(event);
    if (!allowNegative && (event.key === '-' || event.key === '\u2212')) event.preventDefault();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Keydown misses pasted text and some mobile keyboards.
    const text = allowNegative ? event.target.value : event.target.value.replace(MINUS, '');
    setDraft(text);
    if (onTyping) {
      const read = parseMoneyInput(text, { min, max, allowNegative, precision });
      onTyping('error' in read ? null : read.ore);
    }
  };

  const handleBlur = () => {
    setFocused(false);
    const text = draft ?? formatted;
    // Left as shown: nothing to read, and re-reading could round or clamp a value the user did not touch.
    if (text === formatted) {
      setDraft(null);
      onBlur?.();
      return;
    }
    const result = parseMoneyInput(text, { min, max, allowNegative, precision });
    if ('error' in result) {
      invalid.current = true;
      onInvalid?.(true);
    } else {
      invalid.current = false;
      onInvalid?.(false);
      setDraft(null);
      if (result.ore !== value) onChange(result.ore);
      if (result.clamped && result.ore !== null) onClamped?.(result.ore);
    }
    onBlur?.();
  };

  return (
    <FormControl variant="outlined" fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        name={name}
        label={`${label}${required ? ' *' : ''}`}
        value={draft ?? formatted}
        onFocus={() => {
          setFocused(true);
          setDraft(draft ?? formatted);
        }}
        onChange={handleChange}
        onBlur={handleBlur}
        aria-describedby={helperText ? helperId : undefined}
        endAdornment={currencyLabel ? <InputAdornment position="end">{currencyLabel}</InputAdornment> : undefined}
        inputProps={{ inputMode: 'decimal', ...inputProps, onKeyDown: handleKeyDown }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
