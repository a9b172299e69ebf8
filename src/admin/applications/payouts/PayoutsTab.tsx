import { Alert, Divider, LinearProgress, Stack } from '@mui/material';
import { HttpError, usePermissions, useTranslate } from 'react-admin';
import { hasAbility, type Ability } from '../../../../resources/abilities';
import { enums } from '../../../../resources/enums';
import type { StaffApplication } from '../../../providers/staffMethods';
import { LoadFailed } from '../../LoadFailed';
import { applicationScope, useStaffQuery } from '../../useStaffQuery';
import { GrantSection } from './GrantSection';
import { PayoutsSection } from './PayoutsSection';
import { PlanSection } from './PlanSection';
import { RepaymentsSection } from './RepaymentsSection';

/**
 * The dialog's "Payouts" tab: the grant (who accepted it, the deadline), its plan, the payouts asked for and the
 * repayments. Those who manage payouts for the application's period change them; those who approve payouts read.
 */
export function PayoutsTab({ application }: { application: StaffApplication }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  const period = { type: 'periods', id: application.period.id };
  const canManage = hasAbility(permissions ?? [], 'manage-payouts', period);
  const approved = application.status === enums.application_status.approved;
  const scope = applicationScope(application.uuid);
  const plan = useStaffQuery(scope, 'getPayoutPlan', [application.uuid], { enabled: approved });
  const payouts = useStaffQuery(scope, 'getApplicationPayouts', [application.uuid, application.reference ?? ''], {
    enabled: approved && !!application.reference,
  });
  const repayments = useStaffQuery(scope, 'getRepayments', [application.uuid], { enabled: approved });

  // Without a grant (not approved, or approved without an amount) the server answers 404: a state, not a failure.
  const noGrant = !approved || (plan.error instanceof HttpError && plan.error.status === 404);
  if (noGrant) return <Alert severity="info">{translate('app.payouts_tab.no_grant')}</Alert>;
  const failed = [plan, payouts, repayments].find((query) => query.error);
  if (failed) return <LoadFailed error={failed.error!} retry={() => void failed.refetch()} />;
  if (!plan.data || !payouts.data || !repayments.data) return <LinearProgress aria-label={translate('app.loading')} />;

  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <GrantSection uuid={application.uuid} plan={plan.data} canManage={canManage} />
      <PlanSection uuid={application.uuid} plan={plan.data} canManage={canManage} />
      <PayoutsSection payouts={payouts.data} />
      <RepaymentsSection uuid={application.uuid} repayments={repayments.data} canManage={canManage} />
    </Stack>
  );
}
