import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../resources/format';
import type { Decision } from '../../providers/staffMethods';
import { useDecisionLabel } from './decisionLabel';

/**
 * A decision the board took at a meeting, read only: it stands until a later meeting changes it on an agenda line of
 * its own (the server refuses one person's change), so the section says so and leads to the meeting.
 */
export function BoardDecision({ decision, board }: { decision: Decision; board: NonNullable<Decision['board']> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const status = useDecisionLabel()(decision.status, decision.approved_money);
  return (
    <Box component="section" aria-labelledby="decision-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="decision-heading" gutterBottom>
        {translate('app.decision.title')}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{status}</Typography>
        <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
          {translate('app.decision.by_board', { date: formatDate(board.held_on, locale) })}{' '}
          <Link component={RouterLink} to={`/meetings/${board.meeting_id}`}>
            {translate('app.decision.open_meeting')}
          </Link>
        </Alert>
      </Stack>
    </Box>
  );
}
