import { Type } from 'typebox';
import { applicantByEmail, registerApplicant, spendLoginLink } from '../../auth/loginLinks.js';
import { invalid } from '../../errors.js';
import { stockholmDay } from '../../clock.js';
import { recordRegistration } from '../../signals/registrations.js';
import { personName } from '../../../resources/validators.js';
import { body, data, email, expiresIn, message, type Api } from '../schemas.js';
import { applicantProfile } from '../schemas/users.js';
import { sessionRoutes } from '../sessionRoutes.js';
import { loginLinkMail } from './loginLinkMail.js';

const name = Type.String({ minLength: 1, maxLength: 100 });
const profile = data(applicantProfile);

/**
 * Applicants register and sign in by e-mailed links: the answer never tells whether an address is
 * registered; a link is single use, stored as SHA-256, valid LOGIN_LINK_DAYS; only the POST of the "Continue" page
 * spends it, so mail scanners that open links do not use them up.
 */
export default async function applicantAuthRoutes(app: Api) {
  const { db } = app;
  const tags = ['applicants'];
  const session = sessionRoutes(app, 'applicant', { prefix: '/frontend-users', tags });
  const { limited, sendLink } = loginLinkMail(app);

  app.post(
    '/frontend-users/register',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Registers an applicant and mails a login link (the same answer for a known address)',
        body: body({ email, email_confirmation: email, first_name: name, last_name: name }),
        response: { 200: message },
      },
    },
    async (request) => {
      const { email: typed, email_confirmation, first_name, last_name } = request.body.data;
      const address = typed.trim().toLowerCase();
      if (address !== email_confirmation.trim().toLowerCase())
        throw invalid({ email_confirmation: ['errors.emails_mismatch'] }, 'errors.emails_mismatch');
      const nameErrors = Object.fromEntries(
        Object.entries({ first_name, last_name }).flatMap(([field, value]) => {
          const problem = personName(value) ?? (value.trim() ? null : 'validation.required');
          return problem ? [[field, [problem]]] : [];
        }),
      );
      if (Object.keys(nameErrors).length) throw invalid(nameErrors);
      await limited(address, request.ip);
      let user = await applicantByEmail(db, address);
      if (!user) {
        const now = app.clock.now();
        user =
          (await db.transaction().execute(async (trx) => {
            const registered = await registerApplicant(trx, {
              email: address,
              first_name: first_name.trim(),
              last_name: last_name.trim(),
              locale: request.locale,
            });
            // Its client address counted with the day's others from it (only as a keyed hash): a signal, never a refusal.
            if (registered) await recordRegistration(trx, registered.id, app.authKeys.clientAddressHash(request.ip), stockholmDay(now));
            return registered;
          })) ?? (await applicantByEmail(db, address));
      }
      // A known address gets a login link instead; the answer is the same either way.
      if (user?.active) await sendLink(user);
      return { data: { message: request.t('auth.link_sent') } };
    },
  );

  app.post(
    '/frontend-users/login-link',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Mails a login link to a registered applicant; the same answer for any address',
        body: body({ email }),
        response: { 200: message },
      },
    },
    async (request) => {
      const address = request.body.data.email.trim().toLowerCase();
      await limited(address, request.ip);
      const user = await applicantByEmail(db, address);
      if (user?.active) await sendLink(user);
      return { data: { message: request.t('auth.link_sent') } };
    },
  );

  app.post(
    '/frontend-users/login',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Spends a login link and starts the applicant session; the first login verifies the e-mail',
        body: body({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: expiresIn },
      },
    },
    async (request, reply) => {
      const userId = await spendLoginLink(db, request.body.data.token, app.clock.now());
      return session.start(reply, userId);
    },
  );

  app.get(
    '/frontend-users/me',
    { config: { access: 'applicant' }, schema: { tags, summary: 'The signed-in applicant', response: { 200: profile } } },
    async (request) => ({
      data: request.applicant!,
    }),
  );
}
