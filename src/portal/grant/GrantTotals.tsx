import { Box, Typography } from '@mui/material';
import { formatMoney } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import type { GrantTotals as Totals } from './types';

/**
 * What was approved, paid, asked for, due, lapsed and is to be paid back, as a list of terms; nil amounts left out, and
 * the approved amount where the page already states it.
 */
export function GrantTotals({ totals, approved = true }: { totals: Totals; approved?: boolean }) {
  const { t, locale } = useI18n();
  const shown = (['approved', 'paid', 'requested', 'due', 'lapsed', 'to_pay_back'] as const).filter((part) =>
    part === 'approved' ? approved : totals[part] > 0,
  );
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 1 }}>
      {shown.map((part) => (
        <Box key={part} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`portal.grant.totals.${part}`)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: part === 'due' || part === 'to_pay_back' ? 'bold' : undefined }}
          >
            {formatMoney(totals[part], locale)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
