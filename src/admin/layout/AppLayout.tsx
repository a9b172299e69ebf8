import { useEffect, type ReactNode } from 'react';
import { Layout, useLogout } from 'react-admin';
import { auth } from '../providers';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/** When the session ends anywhere (a 401, a failed `me` call), log out in react-admin too and go to the login page. */
function LogoutOnSessionEnd() {
  const logout = useLogout();
  useEffect(() => auth.onLogout(() => void logout()), [logout]);
  return null;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={Menu} appBar={AppBar}>
      <LogoutOnSessionEnd />
      {children}
    </Layout>
  );
}
