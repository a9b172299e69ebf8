import { useMutation, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider, usePermissions } from 'react-admin';
import { mayReach, type Ability } from '../../../resources/abilities';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { NotificationPage, StaffNotification } from '../../providers/staffMethods';
import { useStaffQuery } from '../useStaffQuery';

/** The first part of the key of every read of the user's notifications, so marking one read reloads them all. */
const notificationsScope = ['notifications'];

/** One page of the signed-in user's notifications, newest first, with the unread count. */
export function useNotifications(page: number, perPage: number, options: Partial<UseQueryOptions<NotificationPage, Error>> = {}) {
  return useStaffQuery(notificationsScope, 'getNotifications', [page, perPage], options);
}

/** Marks one notification read (an id) or all of them (null); the bell and the page read them again. */
export function useMarkRead() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) => (id === null ? dataProvider.markAllNotificationsRead() : dataProvider.markNotificationRead(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsScope }),
  });
}

/**
 * Where a notification leads: the application's dialogue (for a follow-up sent in, its follow-up tab; for a change of
 * a decision waiting for a second person, the application, where its decision section is), in the
 * applications list for those who manage applications, else in the investigator's own list.
 */
export function useNotificationTarget() {
  const { permissions } = usePermissions<Ability[]>();
  const list = mayReach(permissions ?? [], 'manage-applications') ? '/applications' : '/investigations';
  return (notification: StaffNotification) =>
    `${list}?${new URLSearchParams({
      show: notification.application.uuid,
      tab: { followup_sent_in: 'followup', decision_change_asked: 'application', applicant_message: 'dialogue' }[notification.kind],
    }).toString()}`;
}

/** The translation key and arguments of what a notification says. */
export function notificationMessage(notification: StaffNotification) {
  const { applicant_name, reference } = notification.application;
  return { key: `app.notifications.kinds.${notification.kind}`, args: { applicant: applicant_name, reference: reference ?? '' } };
}
