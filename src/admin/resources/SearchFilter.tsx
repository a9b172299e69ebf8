import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

const DEBOUNCE_MS = 500;
const MIN_LENGTH = 3;

/** The list search: applied once it is longer than 2 characters (the server refuses shorter), cleared when empty. */
// react-admin passes source and alwaysOn to a filter element; the search always works on `q`.
export function SearchFilter(_props: { source?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [text, setText] = useState<string>((filterValues.q as string) ?? '');
  const tooShort = text.trim().length > 0 && text.trim().length < MIN_LENGTH;

  useEffect(() => {
    const term = text.trim();
    if (tooShort || term === (filterValues.q ?? '')) return;
    const timer = setTimeout(() => {
      const { q: _q, ...rest } = filterValues;
      setFilters(term ? { ...rest, q: term } : rest, displayedFilters);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, tooShort, filterValues, setFilters, displayedFilters]);

  return (
    <TextField
      label={translate('ra.action.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      size="small"
      helperText={tooShort ? translate('validation.search_too_short') : ' '}
      // react-admin's filter form hides helper texts; this one must be seen. Inline style wins over that rule.
      slotProps={{ input: { endAdornment: <InputAdornment position="end"><SearchIcon /></InputAdornment> }, formHelperText: { style: { display: 'block' }, 'aria-live': 'polite' } as object }}
      sx={{ minWidth: 280 }}
    />
  );
}
