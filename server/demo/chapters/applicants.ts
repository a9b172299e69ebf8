import { normalisePhone } from '../../../resources/phone.js';
import { registerApplicant } from '../../auth/loginLinks.js';
import type { Db } from '../../db/connect.js';
import type { DemoCalendar } from './calendar.js';

interface Applicant {
  name: [first: string, last: string];
  email: string;
  phone: string;
  address: [street: string, zip: string, city: string];
  locale: 'sv-SE' | 'en-US';
  verified: boolean;
}

/** A Swedish-speaking applicant who confirmed their address. */
const applicant = (name: Applicant['name'], email: string, phone: string, address: Applicant['address']): Applicant => ({
  name,
  email,
  phone,
  address,
  locale: 'sv-SE',
  verified: true,
});

/** The applicants, each by the key the applications name them by. */
export const applicants = {
  maria: applicant(['Maria', 'Nilsson'], 'maria.nilsson@demo.se', '+46 70 174 06 05', ['Idrottsvägen 12', '97241', 'Luleå']),
  johan: applicant(['Johan', 'Persson'], 'johan.persson@demo.se', '+46 70 174 06 12', ['Storgatan 40', '94131', 'Piteå']),
  lina: applicant(['Lina', 'Öberg'], 'lina.oberg@demo.se', '+46 70 174 06 23', ['Strandgatan 2', '95231', 'Kalix']),
  ahmed: applicant(['Ahmed', 'Hassan'], 'ahmed.hassan@demo.se', '+46 70 174 06 34', ['Kungsgatan 9', '96131', 'Boden']),
  elin: applicant(['Elin', 'Forsberg'], 'elin.forsberg@demo.se', '+46 70 174 06 45', ['Byvägen 8', '95691', 'Överkalix']),
  // Registered in English, and has not yet followed a login link.
  oliver: {
    ...applicant(['Oliver', 'Smith'], 'oliver.smith@demo.se', '+46 70 174 06 56', ['Skeppsbrogatan 5', '97231', 'Luleå']),
    locale: 'en-US',
    verified: false,
  },
};

export type ApplicantKey = keyof typeof applicants;

/**
 * The applicants, registered as in the portal: the verified ones during last year's period, each confirming their
 * address by their first login link minutes later; the unverified one two days ago. The confirmation and the phone
 * number (which only staff's screen records) are written directly: the app writes a confirmation as of now.
 */
export async function seedApplicants(trx: Db, { lastYear, daysAgo }: DemoCalendar): Promise<Record<ApplicantKey, number>> {
  const ids = {} as Record<ApplicantKey, number>;
  for (const [i, key] of (Object.keys(applicants) as ApplicantKey[]).entries()) {
    const { name, email, phone, locale, verified } = applicants[key];
    const registered = await registerApplicant(trx, {
      email,
      first_name: name[0],
      last_name: name[1],
      locale,
      created_at: verified ? new Date(lastYear, 1, 3 + i * 4, 19, 5 + i) : daysAgo(2, 21, 40),
    });
    if (!registered) throw new Error(`${email} is registered already`);
    await trx
      .updateTable('frontend_users')
      .set({ phone: normalisePhone(phone), verified_at: verified ? new Date(lastYear, 1, 3 + i * 4, 19, 12 + i) : null })
      .where('id', '=', registered.id)
      .execute();
    ids[key] = registered.id;
  }
  return ids;
}
