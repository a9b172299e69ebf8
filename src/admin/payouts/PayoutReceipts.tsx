import { Box, Link, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatFileSize } from '../../../resources/format';
import { API_PREFIX } from '../../providers/config';
import type { PayoutRow } from '../../providers/staffMethods';

/**
 * The receipts the applicant attached to a payout request, each a download through the application's file route:
 * what the approver checks before attesting. Nothing when there are none (or the reader stood aside).
 */
export function PayoutReceipts({ payout }: { payout: PayoutRow }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const receipts = payout.receipts ?? [];
  if (!receipts.length) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('app.payouts.receipts', { smart_count: receipts.length })}
      </Typography>
      {receipts.map((receipt) => (
        <Link
          key={receipt.uuid}
          href={`${API_PREFIX}/applications/${payout.application.uuid}/files/${receipt.uuid}`}
          variant="body2"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {`${receipt.name} (${formatFileSize(receipt.size, locale)})`}
        </Link>
      ))}
    </Box>
  );
}
