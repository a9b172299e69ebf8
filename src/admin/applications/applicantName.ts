import { useTranslate } from 'react-admin';

/**
 * How the admin names an application's applicant: their name, or "Anonymised" once the retention rules or an erasure
 * have anonymised the application (the API then gives `applicant: null`). Empty while nothing is loaded.
 */
export function useApplicantName() {
  const translate = useTranslate();
  return (applicant: { name: string } | null | undefined) =>
    applicant === null ? translate('app.applications.anonymised') : (applicant?.name ?? '');
}
