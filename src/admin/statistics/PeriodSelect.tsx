import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { getEvery } from '../getEvery';

interface PeriodOption {
  id: number;
  name: string;
}

/** All periods (newest first), or one: the statistics' scope. Without the periods list the page still shows every period. */
export function PeriodSelect({ value, onChange }: { value: number | null; onChange: (period: number | null) => void }) {
  const translate = useTranslate();
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
        <MenuItem value="">{translate('app.statistics.all_periods')}</MenuItem>
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
