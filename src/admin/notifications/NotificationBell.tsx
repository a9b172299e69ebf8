import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, Divider, IconButton, List, Popover, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useAuthState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { StaffNotification } from '../../providers/staffMethods';
import { NotificationItem } from './NotificationItem';
import { useMarkRead, useNotifications, useNotificationTarget } from './useNotifications';

/** How often the bell asks for news while the window stays open (it also asks when the window regains focus). */
const POLL_MS = 60_000;

/**
 * The app bar's bell: the unread count on a badge and in its name, and a panel with the latest ten; choosing one
 * marks it read and opens the application's dialogue.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const target = useNotificationTarget();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Signed out (the layout drawn a moment before the sign-in page), the bell asks nothing.
  const { authenticated, isPending } = useAuthState();
  const { data, isError } = useNotifications(1, 10, {
    enabled: !isPending && authenticated,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;
  const label = unread ? translate('app.notifications.bell', { smart_count: unread }) : translate('app.notifications.bell_none');
  const close = () => setAnchor(null);

  const open = (notification: StaffNotification) => {
    close();
    if (!notification.read_at) markRead.mutate(notification.id, { onError: (error) => notify(error.message, { type: 'error' }) });
    void navigate(target(notification));
  };
  const markAll = () =>
    markRead.mutate(null, {
      onSuccess: () => notify('app.notifications.all_read', { type: 'success' }),
      onError: (error) => notify(error.message, { type: 'error' }),
    });

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={!!anchor}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* The badge shows the count its name says (up to 999), so what is seen and what is announced agree. */}
          <Badge badgeContent={unread || null} color="error" max={999}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notifications-heading',
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100vh - 80px))' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, flexWrap: 'wrap' }}>
          <Typography id="notifications-heading" component="h2" variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {translate('app.notifications.title')}
          </Typography>
          <Button size="small" onClick={markAll} disabled={!unread || markRead.isPending}>
            {translate('app.notifications.mark_all_read')}
          </Button>
        </Box>
        <Divider />
        {isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {translate('app.notifications.load_error')}
          </Typography>
        ) : data && data.data.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('app.notifications.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby="notifications-heading">
            {data?.data.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button size="small" component={RouterLink} to="/notifications" onClick={close}>
            {translate('app.notifications.show_all')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
