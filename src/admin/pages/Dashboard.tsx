import { Box, Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayReach, type Ability } from '../../../resources/abilities';
import type { EnumOption } from '../../../resources/enums';
import { requirementFor } from '../../../resources/index';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../../resources/format';
import { DecisionPeriodList } from '../decisioning/DecisionPeriodList';
import { allowedMenuEntries } from '../features';
import { useStaffQuery } from '../useStaffQuery';
import { BackupCard } from './BackupCard';
import { WorkCard } from '../work/WorkCard';

/**
 * The first screen for every signed-in staff user: who they are, what needs them (their work), the periods they may decide on (closed ones too,
 * where deciding happens), the open periods, (if they manage them) applications, and (if they manage users) backups.
 */
export function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Ability[]>();
  const { data, isPending: loading } = useStaffQuery(['dashboard'], 'getDashboard', []);
  // The useStaffQuery key holds the locale already.
  const statuses = useStaffQuery(['enums'], 'getEnums', [locale]).data?.application_status ?? [];
  const title = translate('app.dashboard.title');
  usePageTitle(title);
  // Deciding is offered for each period the user may investigate: all, or those granted to them (the server lists them).
  const mayDecide = mayReach(permissions ?? [], requirementFor('decisioning')!);
  const shortcuts = allowedMenuEntries(permissions ?? []);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      {/* The page's h1 is its title in the app bar; the welcome heads what follows. */}
      <Typography variant="h4" component="h2" gutterBottom>
        {identity ? translate('app.dashboard.welcome', { name: identity.first_name as string }) : title}
      </Typography>
      {identity && <Typography sx={{ mb: 3 }}>{translate('app.dashboard.role', { role: translate(`roles.${identity.role}`) })}</Typography>}
      <WorkCard />
      {(mayDecide || data?.decision_periods) && (
        <Card sx={{ mb: 2 }} component="section" aria-labelledby="decision-periods">
          <CardContent>
            <Typography variant="h6" component="h2" id="decision-periods">
              {translate('app.decision_periods.dashboard')}
            </Typography>
            {loading ? <Skeleton height={48} /> : <DecisionPeriodList periods={data?.decision_periods ?? []} />}
          </CardContent>
        </Card>
      )}
      {data?.backup && <BackupCard backup={data.backup} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
        <Card sx={{ flex: 1 }} component="section" aria-labelledby="open-periods">
          <CardContent>
            <Typography variant="h6" component="h2" id="open-periods">
              {translate('app.dashboard.open_periods')}
            </Typography>
            {loading ? (
              <Skeleton height={48} />
            ) : data?.open_periods.length ? (
              <List dense>
                {data.open_periods.map((period) => (
                  <ListItem key={period.id} disableGutters>
                    <ListItemText
                      primary={period.name}
                      secondary={translate('app.dashboard.period_dates', {
                        start: formatDate(period.start_date, locale),
                        end: formatDate(period.end_date, locale),
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography color="text.secondary">{translate('app.dashboard.no_open_periods')}</Typography>
            )}
          </CardContent>
        </Card>
        {data?.application_counts && (
          <Card sx={{ flex: 1 }} component="section" aria-labelledby="application-counts">
            <CardContent>
              <Typography variant="h6" component="h2" id="application-counts">
                {translate('app.dashboard.applications')}
              </Typography>
              {data.application_counts.length ? (
                <List dense>
                  {/* Each count opens the list with that status preset (applications/{status}). */}
                  {inWorkflowOrder(data.application_counts, statuses).map((row) => (
                    <ListItem key={row.status} disablePadding>
                      <ListItemButton component={RouterLink} to={`/applications/${row.status}`} sx={{ color: 'primary.main' }}>
                        <ListItemText primary={row.label} />
                        <Chip label={row.count} size="small" sx={{ ml: 1 }} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">{translate('app.dashboard.no_applications')}</Typography>
              )}
            </CardContent>
          </Card>
        )}
        {shortcuts.length > 0 && (
          <Card sx={{ flex: 1 }} component="nav" aria-labelledby="shortcuts">
            <CardContent>
              <Typography variant="h6" component="h2" id="shortcuts">
                {translate('app.dashboard.shortcuts')}
              </Typography>
              <List dense>
                {shortcuts.map((entry) => (
                  <ListItem key={entry.to} disablePadding>
                    <ListItemButton component={RouterLink} to={entry.to} sx={{ color: 'primary.main', gap: 1 }}>
                      {entry.icon}
                      <ListItemText primary={translate(entry.label)} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}

/** Counts in the order the statuses are declared (received, ongoing, approved, rejected), with their labels. */
function inWorkflowOrder(counts: { status: number; count: number }[], statuses: EnumOption[]) {
  return statuses.flatMap((s) => counts.filter((c) => c.status === s.value).map((c) => ({ ...c, label: s.label })));
}
