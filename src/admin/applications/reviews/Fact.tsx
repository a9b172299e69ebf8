import { Typography } from '@mui/material';

/** One term and its value in a review's description list (`<dl>`); an empty value reads as a dash. */
export function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value || '–'}
      </Typography>
    </>
  );
}
