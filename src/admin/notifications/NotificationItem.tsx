import { Box, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatTimeAgo } from '../../../resources/format';
import type { StaffNotification } from '../../providers/staffMethods';
import { notificationMessage } from './useNotifications';

/**
 * One notification: what happened and when; an unread one in bold, with a dot and the word "unread" so it stands
 * out without relying on colour. Choosing it opens the application (`onOpen`); `action` sits at its end.
 */
export function NotificationItem({
  notification,
  onOpen,
  action,
}: {
  notification: StaffNotification;
  onOpen: (notification: StaffNotification) => void;
  action?: ReactNode;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const unread = !notification.read_at;
  const { key, args } = notificationMessage(notification);
  const when = formatTimeAgo(notification.created_at, locale);
  return (
    <ListItem disablePadding secondaryAction={action} sx={{ bgcolor: unread ? 'action.hover' : undefined }}>
      <ListItemButton onClick={() => onOpen(notification)} sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box
          component="span"
          aria-hidden
          sx={{ mt: 1, width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}
        />
        <ListItemText
          primary={translate(key, args)}
          secondary={unread ? `${translate('app.notifications.unread')} · ${when}` : when}
          slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
