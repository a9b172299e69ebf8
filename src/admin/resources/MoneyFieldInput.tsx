import { Box } from '@mui/material';
import { InputHelperText, useInput, useLocaleState, useTranslate } from 'react-admin';
import { MoneyInput } from '../../components/MoneyInput';
import { currencyLabel } from '../../../resources/format';

interface MoneyFieldInputProps {
  source: string;
  resource: string;
  isRequired?: boolean;
  readOnly?: boolean;
  helperText?: string | false;
  defaultValue?: unknown;
  /** Limits in öre, as the declaration's validation has them. */
  min: number;
  max?: number;
}

/**
 * A money field of a settings form, held in öre: the money input the portal and the applications use, so an amount
 * is shown and read the same way everywhere ("1 234,56" and "1,234.56" alike, in whole öre, never through floats).
 */
export function MoneyFieldInput({ source, resource, isRequired, readOnly, helperText, defaultValue, min, max }: MoneyFieldInputProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const {
    id,
    field,
    fieldState: { error, invalid },
  } = useInput({ source, resource, defaultValue, isRequired });
  return (
    <Box className={`ra-input ra-input-${source}`} sx={{ width: '100%', mb: 1 }}>
      <MoneyInput
        id={id}
        name={field.name}
        label={translate(`resources.${resource}.fields.${source}`)}
        value={typeof field.value === 'number' ? field.value : null}
        // Text that cannot be read leaves no amount, never a guessed one; the field says why beside it.
        onChange={field.onChange}
        onBlur={field.onBlur}
        locale={locale}
        translate={translate}
        min={min}
        max={max}
        allowNegative={min < 0}
        required={isRequired}
        error={invalid}
        helperText={invalid || helperText ? <InputHelperText error={error?.message} helperText={helperText} /> : undefined}
        currencyLabel={currencyLabel(locale)}
        inputProps={{ readOnly }}
      />
    </Box>
  );
}
