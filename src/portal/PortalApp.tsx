import { CssBaseline, LinearProgress, createTheme } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import type { I18nProvider } from 'ra-core';
import { lazy, Suspense } from 'react';
import { brand } from '../theme';
import { I18nContext } from '../components/i18n';
import { PortalLayout } from './PortalLayout';
import { withLaterTexts } from './portalI18n';
import { RequireApplicant } from './RequireApplicant';
import { BrowserRouter, Route, Routes } from './router';

// Each page is its own chunk: /register loads only what it shows. The pages an applicant comes to later load the
// texts only they show along with their code (textParts.ts).
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ContinuePage = lazy(() => import('./pages/ContinuePage'));
const EidReturnPage = lazy(() => import('./pages/EidReturnPage'));
const DashboardPage = lazy(withLaterTexts(() => import('./pages/DashboardPage')));
const PeriodsPage = lazy(() => import('./pages/PeriodsPage'));
const ApplyPage = lazy(() => import('./pages/ApplyPage'));
const ThankYouPage = lazy(withLaterTexts(() => import('./pages/ThankYouPage')));
const FaqPage = lazy(withLaterTexts(() => import('./pages/FaqPage')));
const PrivacyPage = lazy(withLaterTexts(() => import('./pages/PrivacyPage')));
const MyDataPage = lazy(withLaterTexts(() => import('./pages/MyDataPage')));
const EidLinkPage = lazy(withLaterTexts(() => import('./pages/EidLinkPage')));
const DialoguePage = lazy(withLaterTexts(() => import('./pages/DialoguePage')));
const FollowupPage = lazy(withLaterTexts(() => import('./pages/FollowupPage')));
const GrantPage = lazy(withLaterTexts(() => import('./grant/GrantPage')));
const OrganisationPage = lazy(withLaterTexts(() => import('./organisation/OrganisationPage')));
const InvitationPage = lazy(withLaterTexts(() => import('./pages/InvitationPage')));
const ForbiddenPage = lazy(() => import('./pages/ForbiddenPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

// MUI's own ThemeProvider also carries the provider for CSS-variable themes (3 kB), which ours is not; for a theme like
// ours it renders the @mui/system ThemeProvider with `vars: null`, which the portal does directly.
const theme = { ...createTheme(brand), vars: null };

/** The applicant portal at /: its route tree; every applicant route needs an applicant session;
 * the FAQ and the privacy notice are for anyone. */
export function PortalApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <I18nContext provider={i18nProvider}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <PortalLayout>
            <Suspense fallback={<LinearProgress aria-busy="true" />}>
              <Routes>
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/logga-in/:token" element={<ContinuePage />} />
                <Route path="/e-legitimation" element={<EidReturnPage />} />
                <Route path="/403" element={<ForbiddenPage />} />
                <Route path="/vanliga-fragor" element={<FaqPage />} />
                <Route path="/integritet" element={<PrivacyPage />} />
                <Route element={<RequireApplicant />}>
                  <Route path="/" element={<DashboardPage />} />
                  <Route path="/dashboard" element={<DashboardPage />} />
                  <Route path="/ansok" element={<PeriodsPage />} />
                  <Route path="/ansok/:id" element={<ApplyPage />} />
                  <Route path="/tack" element={<ThankYouPage />} />
                  <Route path="/dialog/:applicationUuid" element={<DialoguePage />} />
                  <Route path="/followup/:applicationUuid" element={<FollowupPage />} />
                  <Route path="/bidrag/:applicationUuid" element={<GrantPage />} />
                  <Route path="/organisationer/:id" element={<OrganisationPage />} />
                  <Route path="/inbjudan/:token" element={<InvitationPage />} />
                  <Route path="/mina-uppgifter" element={<MyDataPage />} />
                  <Route path="/e-legitimation/koppla" element={<EidLinkPage />} />
                </Route>
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </PortalLayout>
        </BrowserRouter>
      </ThemeProvider>
    </I18nContext>
  );
}
