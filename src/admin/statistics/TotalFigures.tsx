import { Box, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCount, formatMoney } from '../../../resources/format';
import type { Statistics } from '../../providers/staffMethods';

/**
 * The totals as large figures, a description list so each number is read with its name: the applications, then what
 * the follow-up reports sent in tell.
 */
export function TotalFigures({ totals }: { totals: Statistics['totals'] }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const figures = [
    ['applications', String(totals.applications)],
    ['applied', formatMoney(totals.applied, locale)],
    ['approved', formatMoney(totals.approved, locale)],
    ['participants', formatCount(totals.participants, locale)],
    ['events', formatCount(totals.events, locale)],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(12rem, 1fr))' }, gap: 2, m: 0 }}
    >
      {figures.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column-reverse' }}>
          <Typography component="dd" variant="h4" sx={{ m: 0 }} data-testid={`statistics-total-${key}`}>
            {value}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate(`app.statistics.totals.${key}`)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
