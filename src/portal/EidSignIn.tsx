import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useI18n } from '../components/i18n';
import { ApiError } from '../providers/httpClient';
import { portalApi, portalReads, useRead } from './portalApi';

/** The provider's name, once the server has named one; null while asking, without one, and when the question fails. */
export function useEidProvider(): string | null {
  const { data } = useRead(portalReads.eidProvider());
  return data?.name || null;
}

/**
 * Starting a sign-in with the e-ID: the server answers the provider's address (and keeps the flow's state in a
 * cookie), which the browser then leaves for. `returnTo` is the portal path to come back to.
 */
export function useEidStart() {
  const { t } = useI18n();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async (returnTo: string | null) => {
    setStarting(true);
    setError(null);
    try {
      const started = await portalApi.startEid(returnTo);
      // Still starting while the browser leaves: a second click would only start a second flow.
      window.location.assign(started.url);
    } catch (e) {
      // The server's own message (e.g. the provider unavailable); without an answer, ours.
      setError(e instanceof ApiError && e.status > 0 ? e.message : t('portal.eid.unreachable'));
      setStarting(false);
    }
  };
  return { start, starting, error };
}

/**
 * The e-ID sign-in above the sign-in pages' e-mail forms: a prominent button, and a line leading on to the forms.
 * Nothing at all until the server names a provider, so a portal without one looks as it always has.
 */
export function EidSignIn({ name, returnTo }: { name: string; returnTo: () => string | null }) {
  const { t } = useI18n();
  const { start, starting, error } = useEidStart();
  return (
    <Box component="section" aria-label={t('portal.eid.sign_in', { name })} sx={{ mb: 3 }}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        loading={starting}
        loadingPosition="start"
        onClick={() => void start(returnTo())}
        sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 320 }, py: 1.5, fontSize: '1.05rem' }}
      >
        {t('portal.eid.sign_in', { name })}
      </Button>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          mt: 3,
          '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('portal.eid.or_email')}
        </Typography>
      </Box>
    </Box>
  );
}
