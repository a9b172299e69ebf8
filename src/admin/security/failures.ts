/** A code as typed, without the spaces people put in it. */
export const typedCode = (value: string) => value.replace(/\s+/g, '');

/** What a failed call carries: react-admin's HttpError and the HTTP client's ApiError alike. */
type Failure = { status?: unknown; body?: { errors?: Record<string, unknown> } } | null | undefined;

/** The server's message for one field of a failed call (a wrong code), if it gave one. */
export function fieldError(error: unknown, field: string): string | undefined {
  const message = (error as Failure)?.body?.errors?.[field];
  return typeof message === 'string' ? message : undefined;
}

/** The HTTP status of a failed call; undefined when the server was not reached. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as Failure)?.status;
  return typeof status === 'number' && status > 0 ? status : undefined;
}
