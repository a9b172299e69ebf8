import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Checkbox, FormControlLabel, InputAdornment, LinearProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import type { JsonOf } from '../../../server/routes/schemas';
import type { applicationRow } from '../../../server/routes/schemas/applicationLists';
import type { Meeting } from '../../providers/staffMethods';
import { useApplicantName } from '../applications/applicantName';
import { WorkDialog } from '../WorkDialog';

type ApplicationRow = JsonOf<typeof applicationRow>;

const { received, ongoing } = enums.application_status;
/** The list's search applies from three characters, as the server's does. */
const MIN_SEARCH = 3;

/**
 * Adding chosen applications to the agenda: the period's undecided applications not on it yet, searched by reference
 * or name, each chosen with a checkbox; added after those already on it.
 */
export function AddApplicationsDialog({
  meeting,
  busy,
  onClose,
  onAdd,
}: {
  meeting: Meeting;
  busy: boolean;
  onClose: () => void;
  onAdd: (uuids: string[]) => void;
}) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const applicantName = useApplicantName();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const term = search.trim();
  const {
    data = [],
    isPending,
    error,
  } = useGetList<ApplicationRow>('applications', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'reference', order: 'ASC' },
    filter: { period: meeting.period.id, status: [received, ongoing], ...(term.length >= MIN_SEARCH ? { q: term } : {}) },
  });
  const onAgenda = new Set(meeting.agenda.map((item) => item.application.uuid));
  const shown = data.filter((row) => !onAgenda.has(row.uuid));
  const toggle = (uuid: string) => setChosen(chosen.includes(uuid) ? chosen.filter((other) => other !== uuid) : [...chosen, uuid]);
  return (
    <WorkDialog
      id="agenda-add"
      title={translate('app.meetings.add_chosen')}
      busy={busy}
      onClose={onClose}
      long
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => onAdd(chosen)}>
            {translate('app.meetings.add_confirm', { smart_count: chosen.length })}
          </Button>
        </>
      }
    >
      <TextField
        id="agenda-search"
        type="search"
        fullWidth
        label={translate('app.meetings.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        helperText={term.length > 0 && term.length < MIN_SEARCH ? translate('app.meetings.search_more') : ' '}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mt: 1 }}
      />
      {isPending && <LinearProgress aria-label={translate('app.loading')} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && shown.length === 0 && <Alert severity="info">{translate('app.meetings.none_to_add')}</Alert>}
      <Box>
        {shown.map((row) => (
          <FormControlLabel
            key={row.uuid}
            sx={{ display: 'flex' }}
            control={<Checkbox checked={chosen.includes(row.uuid)} onChange={() => toggle(row.uuid)} />}
            label={[row.reference ?? '–', applicantName(row.applicant), row.org_name, formatMoney(row.money, locale)]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </Box>
    </WorkDialog>
  );
}
