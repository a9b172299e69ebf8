import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useActiveStaff, type StaffUser } from '../InvestigatorsSection';

const fullName = (user: StaffUser) => `${user.first_name} ${user.last_name}`;

/**
 * Several staff users chosen at once, among the active ones as investigators are chosen, leaving out those given in
 * `excluded` (already reviewers); typing narrows the list.
 */
export function ReviewerPicker({
  value,
  onChange,
  excluded = [],
  problem,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  excluded?: number[];
  /** The server's reason for refusing one of them. */
  problem?: string;
}) {
  const translate = useTranslate();
  const staff = useActiveStaff();
  const candidates = staff.filter((user) => !excluded.includes(user.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={candidates}
      value={candidates.filter((user) => value.includes(user.id))}
      onChange={(_event, chosen) => onChange(chosen.map((user) => user.id))}
      getOptionLabel={fullName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={translate('app.reviews.reviewers.no_candidates')}
      renderInput={(params) => (
        <TextField {...params} label={translate('app.reviews.reviewers.choose')} error={!!problem} helperText={problem ?? ' '} />
      )}
      sx={{ minWidth: 280, flex: 1 }}
    />
  );
}
