import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LocalesMenuButton } from 'react-admin';
import { productName } from '../../providers/config';
import { usePageTitle } from '../../components/usePageTitle';

/** The frame of the pages before sign-in: product name, language switch, one card. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420, display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="p" color="primary">
          {productName()}
        </Typography>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
