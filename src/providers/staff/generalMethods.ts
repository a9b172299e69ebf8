import { getEnums } from '../enums';
import type { HttpClient } from '../httpClient';
import type {
  DashboardData,
  DecisionPeriod,
  FaqItem,
  NotificationPage,
  NotificationSettings,
  Statistics,
  Unwrap,
  Work,
} from '../staffMethods';

/**
 * What every screen may read: statistics, the dashboard, the periods to decide, the enumerations, notifications,
 * the FAQs' order, a period opened or closed.
 */
export function generalMethods(http: HttpClient, unwrap: Unwrap) {
  return {
    getStatistics: (period: number | null) => unwrap<Statistics>(http.get('/statistics', { params: period ? { period } : {} })),
    getDashboard: () => unwrap<DashboardData>(http.get('/dashboard')),
    getWork: () => unwrap<Work>(http.get('/work')),
    getDecisionPeriods: () => unwrap<DecisionPeriod[]>(http.get('/periods/decisioning')),
    /** The enumerations with their labels in `locale`, from the cache the apps share. */
    getEnums: (locale: string) => getEnums(http, locale),
    setFaqOrder: (ids: number[]) => unwrap<FaqItem[]>(http.put('/faqs/order', { data: { ids } })),
    getNotifications: (page: number, perPage: number) =>
      unwrap<NotificationPage>(http.get('/notifications', { params: { page, per_page: perPage } })),
    markNotificationRead: (id: number) => unwrap<unknown>(http.post(`/notifications/${id}/read`)),
    markAllNotificationsRead: () => unwrap<unknown>(http.post('/notifications/read')),
    getNotificationSettings: () => unwrap<NotificationSettings>(http.get('/users/me/notification-settings')),
    saveNotificationSettings: (settings: NotificationSettings) =>
      unwrap<NotificationSettings>(http.put('/users/me/notification-settings', { data: settings })),
    setPeriodOpen: (id: number, open: boolean) => unwrap<unknown>(http.post(`/periods/${id}/${open ? 'open' : 'close'}`)),
  };
}
