import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  code: string;
  title: string;
  text: string;
  action: { label: string; href?: string; onClick?: () => void; component?: React.ElementType; to?: string };
  icon?: ReactNode;
  /** h1 unless the page already has one holding the same title (the admin's app bar). */
  titleLevel?: 'h1' | 'h2';
}

/** A full message page (403, 404): big code, title, one sentence, one way on. Shared by admin and portal. */
export function StatusPage({ code, title, text, action, icon, titleLevel = 'h1' }: Props) {
  const { label, ...link } = action;
  return (
    <Box component="section" sx={{ maxWidth: 560, mx: 'auto', my: { xs: 4, md: 8 }, px: 2, textAlign: 'center' }}>
      {icon}
      <Typography variant="overline" component="p" sx={{ fontSize: '1rem', color: 'text.secondary' }}>
        {code}
      </Typography>
      <Typography variant="h4" component={titleLevel} gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Button variant="contained" {...link}>
        {label}
      </Button>
    </Box>
  );
}
