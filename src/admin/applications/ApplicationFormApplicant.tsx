import { Autocomplete, Box, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { frontendUsers } from '../../../resources/frontendUsers';
import { personName } from '../../../resources/users';
import { inputId } from '../../forms/application/fieldIds';

interface Option {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

export interface ApplicantChoice {
  frontend_user_id?: number;
  applicant?: { email: string; first_name: string; last_name: string };
}

const describe = (o: Option) => `${personName(o.first_name, o.last_name)} <${o.email}>`;

/** Who applies on a paper application: an applicant already registered (searched), or a new one by name and e-mail. */
export function ApplicationFormApplicant({
  value,
  onChange,
  problem,
}: {
  value: ApplicantChoice;
  onChange: (next: ApplicantChoice) => void;
  problem: (field: string) => string | undefined;
}) {
  const translate = useTranslate();
  const [mode, setMode] = useState<'existing' | 'new'>(value.applicant ? 'new' : 'existing');
  const [search, setSearch] = useState('');
  // What was typed, once typing has paused for 250 ms.
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  // The list searches from three characters, as every list does; until then the last answer stays, a failure shows none.
  const { data: options = [] } = useGetList<Option>(
    'frontend-users',
    // The list's own order (react-admin would otherwise ask for id, newest first).
    { pagination: { page: 1, perPage: 20 }, sort: frontendUsers.defaultSort, filter: { q: term } },
    { enabled: mode === 'existing' && term.length > 2, placeholderData: keepPreviousData, retry: false, refetchOnWindowFocus: false },
  );
  const person = value.applicant ?? { email: '', first_name: '', last_name: '' };
  const set = (field: keyof typeof person, text: string) => onChange({ applicant: { ...person, [field]: text } });
  const text = (field: keyof typeof person, label: string, type = 'text') => (
    <TextField
      id={inputId(`applicant.${field}`)}
      label={label}
      type={type}
      required
      value={person[field]}
      onChange={(e) => set(field, e.target.value)}
      error={!!problem(`applicant.${field}`)}
      helperText={problem(`applicant.${field}`) ?? ' '}
      fullWidth
    />
  );
  return (
    <Stack spacing={2}>
      <RadioGroup
        row
        value={mode}
        onChange={(e) => (setMode(e.target.value as 'existing' | 'new'), onChange(e.target.value === 'new' ? { applicant: person } : {}))}
      >
        <FormControlLabel value="existing" control={<Radio />} label={translate('app.application_form.existing_applicant')} />
        <FormControlLabel value="new" control={<Radio />} label={translate('app.application_form.new_applicant')} />
      </RadioGroup>
      {mode === 'existing' ? (
        <Autocomplete
          id={inputId('frontend_user_id')}
          options={options}
          value={chosen}
          filterOptions={(all) => all}
          getOptionLabel={describe}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={translate('app.application_form.no_match')}
          onInputChange={(_e, next) => setSearch(next)}
          onChange={(_e, next) => (setChosen(next), onChange(next ? { frontend_user_id: next.id } : {}))}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.application_form.search_applicant')}
              error={!!problem('frontend_user_id')}
              helperText={problem('frontend_user_id') ?? ' '}
            />
          )}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('first_name', translate('resources.frontend-users.fields.first_name'))}
          {text('last_name', translate('resources.frontend-users.fields.last_name'))}
          <Box sx={{ gridColumn: '1 / -1' }}>{text('email', translate('resources.frontend-users.fields.email'), 'email')}</Box>
        </Box>
      )}
    </Stack>
  );
}
