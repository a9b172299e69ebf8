import { isLocale, defaultLocale } from '../../resources/locales.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { translator } from '../i18n.js';
import type { Mailer } from '../mail/outbox.js';

/** What an organisation's mails need: the outbox and the portal's address to point to. */
export interface OrganisationMailDeps {
  mailer: Pick<Mailer, 'queue' | 'deliverSoon'>;
  config: Pick<Config, 'publicUrl'>;
}

/** A change of the organisation's people, as its mail to the signatories says it (`mail.organisation_people.*`). */
export type PeopleEvent = 'member_added' | 'member_left' | 'member_removed' | 'role_changed' | 'invited' | 'invitation_accepted';

const fullName = (person: { first_name: string | null; last_name: string | null; email: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email;

/**
 * Mails each signatory of the organisation (and `also` these people, the one removed for instance) what changed among
 * its people, in each one's language, queued in the change's transaction. `person` is whom it is about (an account, or
 * an address invited).
 */
export async function mailSignatories(
  trx: Db,
  deps: OrganisationMailDeps,
  organisation: { id: number; name: string },
  event: PeopleEvent,
  about: { person: number | string; role?: string; also?: number[] },
) {
  const people = await trx
    .selectFrom('frontend_users as f')
    .select(['f.id', 'f.email', 'f.first_name', 'f.last_name', 'f.locale'])
    .where('f.active', '=', true)
    .where((eb) =>
      eb.or([
        eb(
          'f.id',
          'in',
          eb
            .selectFrom('organisation_members')
            .select('frontend_user_id')
            .where('organisation_id', '=', organisation.id)
            .where('role', '=', 'signatory'),
        ),
        ...(about.also?.length ? [eb('f.id', 'in', about.also)] : []),
      ]),
    )
    .execute();
  const named =
    typeof about.person === 'string'
      ? about.person
      : await trx
          .selectFrom('frontend_users')
          .select(['first_name', 'last_name', 'email'])
          .where('id', '=', about.person)
          .executeTakeFirst()
          .then((p) => (p ? fullName(p) : ''));
  for (const recipient of people.filter((p) => p.email.trim())) {
    const locale = isLocale(recipient.locale) ? recipient.locale : defaultLocale;
    const t = translator(locale);
    await deps.mailer.queue(
      {
        to: recipient.email,
        locale,
        name: recipient.first_name,
        template: 'organisation_people',
        params: {
          organisation: organisation.name,
          what: t(`mail.organisation_people.events.${event}`, {
            person: named,
            role: about.role ? t(`mail.organisation_roles.${about.role}`) : '',
          }),
          link: `${deps.config.publicUrl}/organisationer/${organisation.id}`,
        },
      },
      trx,
    );
  }
}
