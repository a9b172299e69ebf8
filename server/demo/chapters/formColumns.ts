import type { Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applicants } from './applicants.js';
import type { ApplicationPlan } from './applicationPlan.js';
import { kr } from './money.js';
import { orgNumber } from './orgNumber.js';
import { organisations } from './organisations.js';

type FormColumns = Updateable<Database['applications']>;

/**
 * The form's columns as the applicant saved them: a draft got as far as the type's questions (step 2); one sent in
 * through the organisation, the contact person's address and the consent (step 5). The contact person's name, e-mail
 * and phone the draft took from the applicant's account when it was started.
 */
export function formColumns({ applied }: ApplicationPlan, sentIn: boolean) {
  const [street, zip, city] = applicants[applied.by].address;
  const org = sentIn && applied.for ? organisations[applied.for] : null;
  return {
    step: sentIn ? 5 : 2,
    money: applied.money === null ? null : kr(applied.money),
    global_goals: applied.goals,
    ...(sentIn && ({ contact_address: street, contact_zip: zip, contact_city: city, consent: true } satisfies FormColumns)),
    ...(org &&
      ({
        org_number: orgNumber(org.digits),
        org_name: org.name,
        organisation_type: org.type,
        org_address: org.address,
        org_co: org.co,
        org_zip: org.zip,
        org_city: org.city,
        org_website: org.website,
        links: [org.website],
      } satisfies FormColumns)),
  } satisfies FormColumns;
}
