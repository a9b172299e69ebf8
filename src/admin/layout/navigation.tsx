import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ChecklistIcon from '@mui/icons-material/Checklist';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import InboxIcon from '@mui/icons-material/Inbox';
import InsightsIcon from '@mui/icons-material/Insights';
import PaymentsIcon from '@mui/icons-material/Payments';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';

/**
 * The admin menu beyond the dashboard: each entry names the screen (resources/index.ts screens or a resource)
 * whose requirement decides whether the user sees it.
 */
export interface MenuEntry {
  to: string;
  label: string;
  screen: string;
  icon: ReactElement;
}

export const menuEntries: MenuEntry[] = [
  { to: '/applications', label: 'app.menu.applications', screen: 'applications', icon: <InboxIcon /> },
  { to: '/decision', label: 'app.menu.decision', screen: 'decision', icon: <GavelIcon /> },
  // Each period the user may decide on, open or closed, leads on to its applications.
  { to: '/decisioning', label: 'app.menu.decisioning', screen: 'decisioning', icon: <ChecklistIcon /> },
  { to: '/investigations', label: 'app.menu.investigations', screen: 'investigations', icon: <FactCheckIcon /> },
  // A board member's only screen beside the dashboard: the meetings they belong to.
  { to: '/meetings', label: 'app.menu.meetings', screen: 'meetings', icon: <GroupsIcon /> },
  { to: '/statistics', label: 'app.menu.statistics', screen: 'statistics', icon: <InsightsIcon /> },
  { to: '/payouts', label: 'app.menu.payouts', screen: 'payouts', icon: <PaymentsIcon /> },
  { to: '/bookkeeping', label: 'app.menu.bookkeeping', screen: 'bookkeeping', icon: <AccountBalanceIcon /> },
  { to: '/settings', label: 'app.menu.settings', screen: 'settings', icon: <SettingsIcon /> },
];
