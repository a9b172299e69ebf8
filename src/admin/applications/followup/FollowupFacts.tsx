import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label and value pairs in two columns on a screen and one on a phone, as the application tab lists its answers. */
export function FollowupFacts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '14rem 1fr' }, gap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '–' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
