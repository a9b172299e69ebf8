import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../resources/format';
import type { PayoutRow } from '../../../providers/staffMethods';
import { PayoutReceipts } from '../../payouts/PayoutReceipts';
import { usePayoutStatusLabel } from '../../payouts/payoutStatuses';
import { StoodAsideMarker, WITHHELD } from '../../WithheldMarker';

/** The application's payouts as asked for, newest first: amount, account, status and the days that matter. */
export function PayoutsSection({ payouts }: { payouts: PayoutRow[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const statusLabel = usePayoutStatusLabel();
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  const reason = (payout: PayoutRow) => payout.reject_reason ?? payout.return_reason;
  return (
    <Box component="section" aria-labelledby="payouts-list-heading">
      <Typography variant="subtitle1" component="h3" id="payouts-list-heading" sx={{ fontWeight: 600 }}>
        {t('payouts')}
      </Typography>
      {payouts.length === 0 ? (
        <Typography color="text.secondary">{t('no_payouts')}</Typography>
      ) : (
        <List dense aria-labelledby="payouts-list-heading">
          {payouts.map((payout) => (
            <ListItem key={payout.id} disableGutters divider sx={{ flexDirection: 'column', alignItems: 'flex-start' }}>
              <ListItemText
                primary={
                  payout.withheld ? (
                    <>
                      {WITHHELD} · {statusLabel(payout.status)} <StoodAsideMarker />
                    </>
                  ) : (
                    `${formatMoney(payout.amount, locale)} · ${statusLabel(payout.status)}`
                  )
                }
                secondary={[
                  payout.account && `${translate(`app.payouts_tab.account_kinds.${payout.account.kind}`)} ${payout.account.display}`,
                  t('requested_on', { date: formatDate(payout.requested_at, locale) }),
                  payout.paid_on && t('paid_on', { date: formatDate(payout.paid_on, locale) }),
                  reason(payout),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <PayoutReceipts payout={payout} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
