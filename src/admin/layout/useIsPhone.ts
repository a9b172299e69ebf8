import { useMediaQuery, type Theme } from '@mui/material';

/** Below the `sm` breakpoint lists show as compact lists rather than tables, so a phone never scrolls sideways. */
export function useIsPhone() {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}
