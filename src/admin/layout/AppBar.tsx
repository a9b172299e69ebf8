import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';

/** The user menu is named by the name it shows, so what is seen and what is announced agree. */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <Logout />
    </UserMenu>
  );
}

/**
 * Every screen puts its title here (react-admin's <Title>, a list's or form's title), so this is the page's one h1.
 * On a phone a long title wraps rather than being cut off.
 */
export function AppBar() {
  return (
    <RaAppBar color="primary" userMenu={<StaffUserMenu />}>
      <TitlePortal
        component="h1"
        variant="h6"
        sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, fontSize: { xs: '1.05rem', sm: undefined }, lineHeight: 1.25 }}
      />
    </RaAppBar>
  );
}
