import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

const DEBOUNCE_MS = 500;
const MIN_LENGTH = 3;

/** The list search: applied once it is longer than 2 characters (the server refuses shorter), cleared when empty. */
// react-admin passes source and alwaysOn to a filter element; the search always works on `q`.
export function SearchFilter(_props: { source?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const list = useListContext();
  const { setFilters } = list;
  // react-admin types the filter values and the shown filters `any`.
  const filters = list.filterValues as Record<string, unknown>;
  const displayedFilters = list.displayedFilters as Record<string, boolean>;
  const [text, setText] = useState<string>((filters.q as string | undefined) ?? '');
  const tooShort = text.trim().length > 0 && text.trim().length < MIN_LENGTH;

  const applied = (filters.q as string | undefined) ?? '';
  // Applied with the list's filters as they are when the pause ends: a re-render of the list (a refetch, a dialog
  // opening) must not start the pause again, or a search typed just before stays unapplied while the list re-renders.
  const apply = useEffectEvent((term: string) => {
    const { q: _q, ...rest } = filters;
    setFilters(term ? { ...rest, q: term } : rest, displayedFilters);
  });

  useEffect(() => {
    const term = text.trim();
    if (tooShort || term === applied) return;
    const timer = setTimeout(() => apply(term), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, tooShort, applied]);

  return (
    <TextField
      label={translate('ra.action.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      size="small"
      helperText={tooShort ? translate('validation.search_too_short') : ' '}
      // react-admin's filter form hides helper texts; this one must be seen. Inline style wins over that rule.
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon />
            </InputAdornment>
          ),
        },
        formHelperText: { style: { display: 'block' }, 'aria-live': 'polite' } as object,
      }}
      sx={{ minWidth: 280 }}
    />
  );
}
