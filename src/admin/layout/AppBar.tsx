import { AppBar as RaAppBar, Logout, UserMenu, useGetIdentity } from 'react-admin';

/** The user menu is named by the name it shows, so what is seen and what is announced agree. */
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <Logout />
    </UserMenu>
  );
}

export function AppBar() {
  return <RaAppBar color="primary" userMenu={<StaffUserMenu />} />;
}
