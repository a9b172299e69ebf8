import { Alert, Button, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { HttpError, useTranslate } from 'react-admin';

/**
 * The server's refusal (403) of a read, such as of an application the user stood aside from: its message, which a
 * screen says as what happened (no retry would change it) rather than as a failure; else null.
 */
export const refusalOf = (error: Error | null | undefined) => (error instanceof HttpError && error.status === 403 ? error.message : null);

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
