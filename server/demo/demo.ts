import { hashPassword } from '../auth/passwords.js';
import { setPeriodClosed } from '../periods.js';
import type { FileStorage } from '../uploads/storage.js';
import type { Db } from '../db/connect.js';
import { seedApplicants } from './chapters/applicants.js';
import { seedAssociation } from './chapters/association.js';
import { seedApplications } from './chapters/applications.js';
import { seedApplicationTypes } from './chapters/applicationTypes.js';
import { demoCalendar } from './chapters/calendar.js';
import { seedCategories } from './chapters/categories.js';
import { seedContacts } from './chapters/contacts.js';
import { seedDecisions } from './chapters/decisions.js';
import { seedEligibility } from './chapters/eligibility.js';
import { seedFaqs } from './chapters/faqs.js';
import { seedMeetings } from './chapters/meetings.js';
import { seedOrganisations } from './chapters/organisations.js';
import { seedPayouts } from './chapters/payouts.js';
import { bookUnbooked } from '../bookkeeping/bookUnbooked.js';
import { recordPayoutAbilitiesHeld } from '../payouts/payoutAbilities.js';
import { seedPeriods } from './chapters/periods.js';
import { seedReviewCriteria, seedReviews } from './chapters/reviews.js';
import { seedSignals } from './chapters/signals.js';
import { DEMO_PASSWORD, seedStaff } from './chapters/staff.js';

export { DEMO_PASSWORD, demoLogins } from './chapters/staff.js';

/**
 * Demo data for a fictional foundation, "Sparbanksstiftelsen Norrbygden": staff, application types with their
 * questions and review criteria, categories, an open and a closed period, contacts, FAQs, organisations, applicants,
 * applications in every status, their reviews and the board's meetings, each chapter in chapters/. Every person, organisation, e-mail address and organisation number is made
 * up; phone numbers come from the series that PTS reserves for fiction. It is written through the app's own functions
 * (the settings screens', the portal's), so that it keeps to the app's rules and its schema.
 */

/**
 * Inserts the demo in one transaction; returns false (and changes nothing) when the database already has staff users.
 * With a storage, the answers to file questions become small PDF files kept there (as uploads are).
 */
export async function seedDemo(db: Db, today: Date = new Date(), storage?: FileStorage): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const calendar = demoCalendar(today);

  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return false;
    await seedStaff(trx, passwordHash);
    const types = await seedApplicationTypes(trx);
    const criterionIds = await seedReviewCriteria(trx, types);
    const categoryIds = await seedCategories(trx);
    const contacts = await seedContacts(trx);
    await seedFaqs(trx);
    const periodIds = await seedPeriods(trx, calendar, [types.forening.id, types.stipendium.id], contacts);
    await seedEligibility(trx, calendar, periodIds.open);
    await seedOrganisations(trx);
    const applicantIds = await seedApplicants(trx, calendar);
    const applications = await seedApplications(trx, { types, categoryIds, periodIds, applicantIds }, calendar, storage);
    await seedDecisions(trx, applications);
    await seedPayouts(trx, applications, periodIds, calendar, passwordHash);
    await seedReviews(trx, applications, periodIds, criterionIds.forening);
    await seedMeetings(trx, applications, periodIds, calendar);
    await seedAssociation(trx, applications, calendar, today);
    await seedSignals(trx, today);
    // The past is seeded as rows; its books are written as each event would have booked them on its day, and the
    // payout abilities the staff hold as held from the start.
    await bookUnbooked(trx);
    await recordPayoutAbilitiesHeld(trx);
    // Last year's period closes once its applications are in, as staff close one.
    await setPeriodClosed(trx, periodIds.closed, true);
    return true;
  });
}

/** The number of staff users. */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
