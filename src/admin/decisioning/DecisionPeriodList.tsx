import { Button, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../resources/format';
import type { DecisionPeriod } from '../../providers/staffMethods';

/** Where a period's decisioning list is: its uuid, and its name for the title. */
export const decisioningPath = (period: Pick<DecisionPeriod, 'uuid' | 'name'>) =>
  `/decisioning/${period.uuid}/${encodeURIComponent(period.name)}`;

/**
 * The periods a user may decide on, as the server orders them (closed first), each with its dates, where it stands
 * and a link to its applications; or a sentence saying there is none.
 */
export function DecisionPeriodList({ periods }: { periods: DecisionPeriod[] }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  if (!periods.length) return <Typography color="text.secondary">{translate('app.decision_periods.empty')}</Typography>;
  return (
    <List dense>
      {periods.map((period) => (
        // The link wraps below the text on a narrow screen rather than squeezing it.
        <ListItem key={period.id} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
          <ListItemText
            primary={period.name}
            secondary={translate('app.dashboard.period_dates', {
              start: formatDate(period.start_date, locale),
              end: formatDate(period.end_date, locale),
            })}
            slotProps={{ primary: { id: `decision-period-${period.id}` } }}
            sx={{ minWidth: 180 }}
          />
          <Chip
            label={translate(`app.decision_periods.states.${period.state}`)}
            size="small"
            color={period.state === 'closed' ? 'primary' : 'default'}
            variant={period.state === 'closed' ? 'filled' : 'outlined'}
          />
          {/* Every period's link reads the same: the period's name describes which one it opens. */}
          <Button component={RouterLink} to={decisioningPath(period)} size="small" aria-describedby={`decision-period-${period.id}`}>
            {translate('app.decisioning.link')}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}
