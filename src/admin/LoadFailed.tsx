import { Alert, Button, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A read that failed: its message and a way to read again. A staff screen never leaves a part empty because one
 * request failed (the server busy a moment, the connection lost); it says so where the part would be.
 */
export function LoadFailed({ error, retry, intro }: { error: Error; retry: () => unknown; intro?: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          {translate('app.retry')}
        </Button>
      }
    >
      {intro && `${intro} `}
      {error.message}
    </Alert>
  );
}

/** What a read shows: a progress bar while it is under way, its failure with a retry, or its answer as `children` draws it. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: Error | null; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (query.data !== undefined) return children(query.data);
  if (query.error) return <LoadFailed error={query.error} retry={query.refetch} />;
  return <LinearProgress aria-label={translate('app.loading')} />;
}
