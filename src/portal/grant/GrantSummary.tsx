import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { Box, Button } from '@mui/material';
import { useI18n } from '../../components/i18n';
import { Link as RouterLink } from '../router';
import { GrantTotals } from './GrantTotals';
import type { GrantSummaries } from './types';

/**
 * An approved application's grant on the applications page (whose card states the amount): its totals and the way to
 * its page, which asks the one who `signs` for it (the applicant of their own, a signatory of an organisation's) to
 * accept the conditions or ask for the money when that is due.
 */
export function GrantSummary({ grant, signs = true }: { grant: GrantSummaries[number]; signs?: boolean }) {
  const { t } = useI18n();
  const action = !signs ? 'open' : !grant.accepted ? 'accept' : grant.due_instalments > 0 ? 'request' : 'open';
  return (
    <Box sx={{ mt: 1 }}>
      <GrantTotals totals={grant.totals} approved={false} />
      <Button
        component={RouterLink}
        to={`/bidrag/${grant.uuid}`}
        variant={action === 'open' ? 'outlined' : 'contained'}
        startIcon={<PaymentsOutlinedIcon />}
        sx={{ mt: 1, mr: 1 }}
      >
        {t(`portal.grant.link.${action}`)}
      </Button>
    </Box>
  );
}
