import { FormControl, FormHelperText, InputAdornment, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { formatMoneyInput, parseMoneyInput, type MoneyInputError } from '../../resources/money';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Text left in a money field that cannot be read as an amount, and why. */
export interface UnreadableMoney {
  text: string;
  error: MoneyInputError;
}

/** An amount in a sentence, not broken between its thousands at the end of a line. */
const inSentence = (ore: number, locale: string, precision?: number) => formatMoneyInput(ore, locale, precision).replace(/ /g, '\u00A0');

/** Why unreadable text is not an amount, in the language given: the field's own note, and a form's list of problems. */
export function unreadableMoneyReason({ text, error }: UnreadableMoney, label: string, locale: string, translate: Translate): string {
  return error === 'unclear'
    ? translate('validation.money_unclear', {
        text: text.trim(),
        whole: inSentence(2500000, locale, 0),
        decimal: inSentence(2500050, locale),
      })
    : translate('validation.number', { attribute: label.toLocaleLowerCase(locale) });
}

export interface MoneyInputProps {
  id?: string;
  name?: string;
  label: string;
  /** Öre, or null when empty. */
  value: number | null;
  /**
   * Called as the text changes with what it reads as (rounded, clamped öre), when that differs from `value`; null
   * when the text is blank or cannot be read, so the parent never keeps an amount the field does not show.
   */
  onChange: (ore: number | null) => void;
  onBlur?: () => void;
  /** The interface language: how the amount is shown ("25 000,50" or "25,000.50") and its notes worded. */
  locale: string;
  /** The app's translate function, for the field's own notes (text that cannot be read, a clamped amount). */
  translate: Translate;
  /** Limits in öre; a typed value beyond them is clamped, said beside the field and reported with `onClamped`. */
  min?: number;
  max?: number;
  /** Default true; false also ignores a typed minus. */
  allowNegative?: boolean;
  /** Decimals of kronor, 0–2; default 2. */
  precision?: number;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** The parent's hint or problem; the field's own note, when it has one, is shown instead. */
  helperText?: ReactNode;
  /** Shown after the number, e.g. "kr". */
  currencyLabel?: string;
  inputProps?: OutlinedInputProps['inputProps'];
  /** Called when the text left in the field cannot be read (with it and why), and with null once it can or is gone. */
  onInvalid?: (unreadable: UnreadableMoney | null) => void;
  /** Unreadable text the parent kept from when this field was last shown: shown again, with its reason, on mount. */
  keptText?: string | null;
  /** Called as the user types, with what the text reads as so far (null when not a number yet): for live sums. */
  onTyping?: (ore: number | null) => void;
  /** Called on blur when the typed value was clamped, with the limit it was clamped to. */
  onClamped?: (limitOre: number) => void;
}

const MINUS = /[-\u2212]/g;

/**
 * An amount in kronor, held as öre (resources/money.ts). The parent hears every change as it is typed; the text itself
 * is not reformatted while focused (that would move the caret) but on blur, in the language's format. Text that cannot
 * be read surely stays in the field with the reason beside it. Built from MUI's parts like the portal's TextInput.
 */
export function MoneyInput({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  locale,
  translate,
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
  keptText,
  onClamped,
  onTyping,
}: MoneyInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  const options = { min, max, allowNegative, precision };
  const [kept] = useState(() => {
    const read = keptText ? parseMoneyInput(keptText, options) : null;
    return read && 'error' in read ? { text: keptText!, error: read.error } : null;
  });
  // The user's own text: from focus until it is read, and kept after a blur when it cannot be read.
  const [draft, setDraft] = useState<string | null>(kept?.text ?? null);
  const [focused, setFocused] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  const [unreadable, setUnreadable] = useState<UnreadableMoney | null>(kept);
  const [clampedTo, setClampedTo] = useState<number | null>(null);
  const formatted = formatMoneyInput(value, locale, precision);

  // A new value from outside replaces what is shown, unless the user is typing.
  if (value !== shownValue) {
    setShownValue(value);
    if (!focused) {
      setDraft(null);
      setUnreadable(null);
      setClampedTo(null);
    }
  }
  // What this field hands the parent is not news from outside when it comes back as `value`.
  const report = (ore: number | null) => {
    setShownValue(ore);
    onChange(ore);
  };

  // The parent hears when the field starts or stops holding text it cannot read.
  const reportInvalid = useRef(onInvalid);
  useEffect(() => {
    reportInvalid.current = onInvalid;
  }, [onInvalid]);
  const reported = useRef(kept);
  useEffect(() => {
    if (unreadable === reported.current) return;
    reported.current = unreadable;
    reportInvalid.current?.(unreadable);
  }, [unreadable]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    inputProps?.onKeyDown?.(event);
    if (!allowNegative && (event.key === '-' || event.key === '\u2212')) event.preventDefault();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Keydown misses pasted text and some mobile keyboards.
    const text = allowNegative ? event.target.value : event.target.value.replace(MINUS, '');
    setDraft(text);
    const read = parseMoneyInput(text, options);
    const ore = 'error' in read ? null : read.ore;
    onTyping?.(ore);
    if (ore !== value) report(ore);
    setClampedTo(null);
    // The reason goes as soon as the text reads, and follows it while it still does not (no flicker while typing).
    if (unreadable) setUnreadable('error' in read ? { text, error: read.error } : null);
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
    const result = parseMoneyInput(text, options);
    if ('error' in result) {
      setUnreadable({ text, error: result.error });
      if (value !== null) report(null);
    } else {
      setDraft(null);
      setUnreadable(null);
      if (result.ore !== value) report(result.ore);
      if (result.clamped && result.ore !== null) {
        setClampedTo(result.ore);
        onClamped?.(result.ore);
      }
    }
    onBlur?.();
  };

  // Worded as shown, so a change of language rewords it.
  const note = unreadable
    ? unreadableMoneyReason(unreadable, label, locale, translate)
    : clampedTo !== null
      ? translate('validation.money_clamped', {
          amount: `${inSentence(clampedTo, locale, precision)}${currencyLabel ? `\u00A0${currencyLabel}` : ''}`,
        })
      : null;
  const shownHelper = note ?? helperText;
  return (
    <FormControl variant="outlined" fullWidth error={error || !!unreadable} required={required} disabled={disabled}>
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
        aria-describedby={shownHelper ? helperId : undefined}
        endAdornment={currencyLabel ? <InputAdornment position="end">{currencyLabel}</InputAdornment> : undefined}
        inputProps={{ inputMode: 'decimal', ...inputProps, onKeyDown: handleKeyDown }}
      />
      {shownHelper && <FormHelperText id={helperId}>{shownHelper}</FormHelperText>}
    </FormControl>
  );
}
