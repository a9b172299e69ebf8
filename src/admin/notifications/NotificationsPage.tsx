import DoneIcon from '@mui/icons-material/Done';
import { Box, Button, IconButton, List, Pagination, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZE } from '../../../resources/fields';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffNotification } from '../../providers/staffMethods';
import { LoadFailed } from '../LoadFailed';
import { NotificationItem } from './NotificationItem';
import { notificationMessage, useMarkRead, useNotifications, useNotificationTarget } from './useNotifications';

/** /notifications: all of the signed-in user's notifications, newest first, 50 a page; each can be marked read. */
export function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const target = useNotificationTarget();
  const title = translate('app.notifications.title');
  usePageTitle(title);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useNotifications(page, PAGE_SIZE, { placeholderData: keepPreviousData });
  const markRead = useMarkRead();
  const onError = { onError: (failure: Error) => notify(failure.message, { type: 'error' }) };

  const open = (notification: StaffNotification) => {
    if (!notification.read_at) markRead.mutate(notification.id, onError);
    void navigate(target(notification));
  };
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;

  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title title={title} />
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ flexGrow: 1 }} aria-live="polite">
          {data &&
            (data.unread
              ? translate('app.notifications.unread_count', { smart_count: data.unread })
              : translate('app.notifications.none_unread'))}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => markRead.mutate(null, { ...onError, onSuccess: () => notify('app.notifications.all_read', { type: 'success' }) })}
          disabled={!data?.unread || markRead.isPending}
        >
          {translate('app.notifications.mark_all_read')}
        </Button>
      </Stack>
      {isError ? (
        <LoadFailed error={error} retry={refetch} intro={translate('app.notifications.load_error')} />
      ) : isPending ? (
        <Skeleton variant="rounded" height={240} aria-label={translate('ra.page.loading')} />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.notifications.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={title}>
            {data.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={open}
                action={
                  !notification.read_at && (
                    <MarkReadButton
                      label={translate('app.notifications.mark_read', {
                        text: translate(notificationMessage(notification).key, notificationMessage(notification).args),
                      })}
                      onClick={() => markRead.mutate(notification.id, onError)}
                    />
                  )
                }
              />
            ))}
          </List>
        </Paper>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          getItemAriaLabel={(type, number, selected) =>
            type === 'page'
              ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: number })
              : translate(`ra.navigation.${type}`)
          }
        />
      )}
    </Box>
  );
}

function MarkReadButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton edge="end" aria-label={label} onClick={onClick}>
        <DoneIcon />
      </IconButton>
    </Tooltip>
  );
}
