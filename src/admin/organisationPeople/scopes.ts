import { useTranslate } from 'react-admin';

/** The first part of the key of every read of an organisation's people, which a change to them reads again. */
export const peopleScope = (organisationId: number) => ['organisation-people', organisationId];

/** The key of the requests for access, read again after one is decided (and after a person is added). */
export const accessRequestsScope = ['organisation-access-requests'];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The texts of an organisation's people (app.organisation_people.*). */
export function usePeopleTranslate(): Translate {
  const translate = useTranslate();
  return (key, options) => translate(`app.organisation_people.${key}`, options);
}

/** The texts of the requests for access (app.access_requests.*). */
export function useAccessTranslate(): Translate {
  const translate = useTranslate();
  return (key, options) => translate(`app.access_requests.${key}`, options);
}
