import { Card, CardContent, Chip, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../resources/format';
import { meetingPath, workListPath } from '../../../resources/work';
import { LoadFailed } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';

/**
 * What needs the signed-in user today, first on the dashboard: each item a count that opens its list filtered to
 * exactly those rows (the server counts them by that list), and their next board meeting. Only what needs them shows.
 */
export function WorkCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error, refetch } = useStaffQuery(['work'], 'getWork', []);
  const meeting = data?.next_meeting;
  const empty = data && !data.items.length && !meeting;

  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby="work-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="work-title">
          {translate('app.work.title')}
        </Typography>
        {isPending ? (
          <Skeleton height={96} />
        ) : error ? (
          <LoadFailed error={error} retry={refetch} intro={translate('app.work.load_error')} />
        ) : empty ? (
          <Typography color="text.secondary">{translate('app.work.nothing')}</Typography>
        ) : (
          <>
            <Typography color="text.secondary" variant="body2">
              {translate('app.work.intro')}
            </Typography>
            <List dense>
              {data.items.map((item) => (
                <ListItem key={item.key} disablePadding>
                  <ListItemButton component={RouterLink} to={workListPath(item)} sx={{ color: 'primary.main' }}>
                    <ListItemText primary={translate(`app.work.items.${item.key}`)} />
                    <Chip
                      label={item.exact ? item.count : translate('app.work.more_than', { count: item.count })}
                      size="small"
                      color="primary"
                      sx={{ ml: 1 }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
              {meeting && (
                <ListItem disablePadding>
                  <ListItemButton component={RouterLink} to={meetingPath(meeting.id)} sx={{ color: 'primary.main' }}>
                    <ListItemText
                      primary={translate('app.work.next_meeting_title')}
                      secondary={`${formatDate(meeting.held_on, locale)}${meeting.starts_at ? ` ${meeting.starts_at}` : ''}, ${meeting.place} · ${translate('app.work.agenda', { smart_count: meeting.agenda_count })}`}
                    />
                  </ListItemButton>
                </ListItem>
              )}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
