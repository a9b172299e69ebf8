import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** While a screen's code arrives: a spinner with a name, so a screen reader says what is happening. */
export function ScreenLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
