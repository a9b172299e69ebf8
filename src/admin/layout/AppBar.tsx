import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SecurityIcon from '@mui/icons-material/Security';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useLocales,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { NotificationBell } from '../notifications/NotificationBell';
import { NotificationSettingsDialog } from '../notifications/NotificationSettingsDialog';

/** The user menu's entry for the user's own notification settings; the dialog lives outside the menu, which closes. */
function NotificationSettingsItem({ onOpen }: { onOpen: () => void }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem onClick={() => (menu?.onClose(), onOpen())}>
      <ListItemIcon>
        <NotificationsActiveIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.notification_settings.title')}</ListItemText>
    </MenuItem>
  );
}

/** The user menu's entry for the user's own security page (the second factor). */
function SecurityItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={RouterLink} to="/security" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.security.title')}</ListItemText>
    </MenuItem>
  );
}

/** The user menu is named by the name it shows, so what is seen and what is announced agree. */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  const [settings, setSettings] = useState(false);
  return (
    <>
      <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
        <NotificationSettingsItem onOpen={() => setSettings(true)} />
        <SecurityItem />
        <Logout />
      </UserMenu>
      <NotificationSettingsDialog open={settings} onClose={() => setSettings(false)} />
    </>
  );
}

/** react-admin's toolbar (language menu, reload), with a name on the spinner it shows while data loads; the bell. */
function Toolbar() {
  const locales = useLocales();
  const translate = useTranslate();
  return (
    <>
      {locales.length > 1 && <LocalesMenuButton />}
      {/* The indicator hands props it does not know to its spinner, which otherwise has no accessible name. */}
      <LoadingIndicator aria-label={translate('ra.page.loading')} />
      <NotificationBell />
    </>
  );
}

/**
 * Every screen puts its title here (react-admin's <Title>, a list's or form's title), so this is the page's one h1.
 * On a phone a long title wraps rather than being cut off.
 */
export function AppBar() {
  return (
    <RaAppBar color="primary" userMenu={<StaffUserMenu />} toolbar={<Toolbar />}>
      <TitlePortal
        component="h1"
        variant="h6"
        sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, fontSize: { xs: '1.05rem', sm: undefined }, lineHeight: 1.25 }}
      />
    </RaAppBar>
  );
}
