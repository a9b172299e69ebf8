import { Alert, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { http } from '../providers';

interface PeriodOption {
  id: number;
  name: string;
}

/** Every period, newest first, in pages of the largest size the API allows. */
async function loadPeriods(): Promise<PeriodOption[]> {
  const periods: PeriodOption[] = [];
  for (let page = 1; ; page++) {
    const response = await http.get('/periods', { params: { sort: 'start_date', direction: 'desc', per_page: 100, page } });
    const { data, last_page } = response.data.data as { data: PeriodOption[]; last_page: number };
    periods.push(...data.map(({ id, name }) => ({ id, name })));
    if (page >= last_page) return periods;
  }
}

/** All periods, or one: the statistics' scope. Without the periods list the page still shows every period. */
export function PeriodSelect({ value, onChange }: { value: number | null; onChange: (period: number | null) => void }) {
  const translate = useTranslate();
  const [periods, setPeriods] = useState<PeriodOption[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadPeriods().then(
      (list) => live && setPeriods(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
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
