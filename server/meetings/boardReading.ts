import type { FormColumn } from '../applicationCore/applicationForm.js';
import type { staffApplication } from '../applications/staffView.js';

// What a board member reads of an application, in the pack and on the meeting's page: what they decide on, not how
// to reach the people behind it (data minimisation): the contact person's e-mail, phone and home address, and the
// applicant's e-mail, are left out.

/** The form's fields of the contact person's reach. */
export const contactDetails = [
  'contact_email',
  'contact_email_confirmation',
  'contact_phone',
  'contact_address',
  'contact_zip',
  'contact_city',
] as const satisfies readonly FormColumn[];

type StaffApplication = Awaited<ReturnType<typeof staffApplication>>;

/** The application as the board reads it: the contact details blanked, the applicant named without their address. */
export function forTheBoard(application: StaffApplication): StaffApplication {
  const blanked = Object.fromEntries(contactDetails.map((field) => [field, null]));
  return {
    ...application,
    ...blanked,
    applicant: application.applicant && { ...application.applicant, email: '' },
  };
}
