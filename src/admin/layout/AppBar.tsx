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
} from 'react-admin';

/** The user menu is named by the name it shows, so what is seen and what is announced agree. */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <Logout />
    </UserMenu>
  );
}

/** react-admin's toolbar (language menu, reload), with a name on the spinner it shows while data loads. */
function Toolbar() {
  const locales = useLocales();
  const translate = useTranslate();
  return (
    <>
      {locales.length > 1 && <LocalesMenuButton />}
      {/* The indicator hands props it does not know to its spinner, which otherwise has no accessible name. */}
      <LoadingIndicator aria-label={translate('ra.page.loading')} />
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
