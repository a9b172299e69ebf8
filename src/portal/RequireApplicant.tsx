import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from './router';
import { auth } from './providers';

export const registerPath = (from: string) => `/register?redirect=${encodeURIComponent(from)}`;

/** Applicant routes: a visitor who is not logged in goes to /register, and back here after logging in. */
export function RequireApplicant() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  // A session that ends while here (a 401 from any call) also sends the applicant to /register.
  useEffect(
    () =>
      auth.onLogout(() => {
        void navigate(registerPath(here), { replace: true });
      }),
    [navigate, here],
  );
  if (!auth.session.isLoggedIn()) return <Navigate to={registerPath(here)} replace />;
  return <Outlet />;
}
