import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { isAllowed, type Ability } from '../../../resources/abilities';
import { getEvery } from '../getEvery';

interface PeriodOption {
  id: number;
  name: string;
}

/** What "every period" covers: every one, or for a user granted some periods only, those (the server counts those alone). */
export function useAllPeriodsLabel(): string {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  return translate(isAllowed(permissions ?? [], 'manage-applications') ? 'app.statistics.all_periods' : 'app.statistics.my_periods');
}

/** All periods (newest first), or one: the statistics' scope. Without the periods list the page still shows every period. */
export function PeriodSelect({ value, onChange }: { value: number | null; onChange: (period: number | null) => void }) {
  const translate = useTranslate();
  const allPeriods = useAllPeriodsLabel();
  const dataProvider = useDataProvider();
  const { data: periods = [], isError: failed } = useQuery({
    queryKey: ['statistics', 'periods'],
    queryFn: async () =>
      (await getEvery<PeriodOption>(dataProvider, 'periods', { field: 'start_date', order: 'DESC' })).map(({ id, name }) => ({ id, name })),
    retry: false,
  });
  // Until the list arrives, a period in the address is kept as an option so the select shows no stray value.
  const options = value && !periods.some((p) => p.id === value) ? [{ id: value, name: `#${value}` }, ...periods] : periods;
  return (
    <>
      <TextField
        select
        label={translate('app.statistics.period')}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        sx={{ width: 360, maxWidth: '100%' }}
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{allPeriods}</MenuItem>
        {options.map((period) => (
          <MenuItem key={period.id} value={period.id}>
            {period.name}
          </MenuItem>
        ))}
      </TextField>
      {failed && <Alert severity="warning">{translate('app.statistics.periods_error')}</Alert>}
    </>
  );
}
