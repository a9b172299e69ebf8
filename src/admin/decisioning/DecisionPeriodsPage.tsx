import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { DecisionPeriodList } from './DecisionPeriodList';

/**
 * decisioning: every period the user may decide on, open or closed, each leading to its decisioning list. The menu
 * leads here, so a closed period, where deciding happens, is as near as an open one.
 */
export function DecisionPeriodsPage() {
  const translate = useTranslate();
  const { data, error, isPending, refetch } = useStaffQuery(['decision-periods'], 'getDecisionPeriods', []);
  const title = translate('app.decision_periods.title');
  usePageTitle(title);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 2 }}>{translate('app.decision_periods.intro')}</Typography>
      <Card>
        <CardContent>
          {error ? (
            <LoadFailed error={error} retry={refetch} intro={translate('app.decision_periods.error')} />
          ) : isPending ? (
            <Box aria-busy="true" aria-label={translate('app.loading')}>
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Box>
          ) : (
            <DecisionPeriodList periods={data} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
