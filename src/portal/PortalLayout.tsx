import { AppBar, Box, Button, Container, Link, Toolbar, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from './router';
import { productName } from '../providers/config';
import { useI18n } from '../components/i18n';
import { auth } from './providers';

/** Header with the product name, navigation and language switch; a skip link; the page; a footer. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { t, locale, changeLocale } = useI18n();
  const navigate = useNavigate();
  // Re-render on every navigation: signing in or out changes what the header offers.
  useLocation();
  const [, rerender] = useState(0);
  const loggedIn = auth.session.isLoggedIn();
  const other = locale === 'sv-SE' ? 'en-US' : 'sv-SE';

  const logout = async () => {
    await auth.logout();
    rerender((n) => n + 1);
    void navigate('/register');
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#content"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('portal.skip_to_content')}
      </Link>
      <AppBar position="static" elevation={0} component="header">
        <Toolbar sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, py: 1 }}>
          <Typography variant="h6" component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}>
            {productName()}
          </Typography>
          <Box component="nav" aria-label={productName()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {loggedIn ? (
              <>
                <Button color="inherit" component={RouterLink} to="/">
                  {t('portal.nav.dashboard')}
                </Button>
                <Button color="inherit" component={RouterLink} to="/ansok">
                  {t('portal.nav.apply')}
                </Button>
                <Button color="inherit" component={RouterLink} to="/vanliga-fragor">
                  {t('portal.nav.faq')}
                </Button>
                <Button color="inherit" component={RouterLink} to="/mina-uppgifter">
                  {t('portal.nav.my_data')}
                </Button>
                <Button color="inherit" onClick={() => void logout()}>
                  {t('portal.nav.logout')}
                </Button>
              </>
            ) : (
              <Button color="inherit" component={RouterLink} to="/register">
                {t('portal.nav.register')}
              </Button>
            )}
            <Button
              color="inherit"
              variant="outlined"
              lang={other}
              onClick={() => void changeLocale(other)}
              aria-label={`${t('portal.language')}: ${t(`portal.languages.${other}`)}`}
            >
              {t(`portal.languages.${other}`)}
            </Button>
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" id="content" tabIndex={-1} maxWidth="md" sx={{ flex: 1, py: 4, outline: 'none' }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 3, px: 2, bgcolor: 'grey.100', textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('portal.footer.question')}{' '}
          <Link component={RouterLink} to="/vanliga-fragor">
            {t('portal.footer.faq')}
          </Link>
          . {t('portal.footer.dialogue')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Link component={RouterLink} to="/integritet">
            {t('portal.footer.privacy')}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
