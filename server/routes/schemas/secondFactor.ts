import { Type } from 'typebox';
import { dateTime, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// Staff's second factor (TOTP with recovery codes) and the account's history of such events.
const { Integer, Boolean } = Type;
const Text = Type.String;

/** The staff sign-in's answer: signed in, or a second factor to give (or to enrol first) under the challenge cookie. */
export const signInStep = Type.Union([
  Type.Object({ expires_in: Integer({ description: 'Signed in: the session’s lifetime in seconds' }) }),
  Type.Object({
    second_factor: stringEnum(['verify', 'enrol'], {
      description: 'The password was right: a code is asked for (verify), or a second factor is to be set up first (enrol)',
    }),
  }),
]);

/** What an authenticator app needs to add the account: scan the QR code, or type the secret. */
export const enrolment = Type.Object({
  qr_svg: Text({ description: 'The otpauth URI as a QR code, an SVG document' }),
  secret: Text({ description: 'The secret in base32, to type into the app' }),
  uri: Text({ description: 'The otpauth:// URI' }),
});

/** Recovery codes, shown once (each works once). */
export const recoveryCodes = Type.Object({
  recovery_codes: Type.Array(Text(), { description: 'Ten codes written xxxxx-xxxxx' }),
});

/** A second factor turned on once its recovery codes were saved; `expires_in` when that completed a sign-in. */
export const enrolmentCompleted = Type.Object({
  expires_in: Type.Optional(Integer({ description: 'Signed in by the enrolment: the session’s lifetime in seconds' })),
});

/** The signed-in user's second factor, as their settings show it. */
export const secondFactorStatus = Type.Object({
  enabled: Boolean(),
  enabled_at: nullableDateTime,
  recovery_codes_left: Integer(),
  has_password: Boolean({ description: 'The user has a password to confirm changes with (false: single sign-on only)' }),
  required: Boolean({ description: 'The foundation requires a second factor (it cannot be turned off)' }),
});

/** One event of a staff account's sign-in security, newest first. */
export const accountEvent = Type.Object({
  id: Integer(),
  event: Text({
    description:
      'second_factor_enrolment_started, second_factor_enrolled, second_factor_removed, second_factor_reset (by an administrator), recovery_codes_renewed, recovery_code_used, security_confirmation_failed (a wrong password or code given to change these) or failed_sign_ins_mailed',
  }),
  actor_name: Nullable(Text({ description: 'The administrator who acted on the account; null for the owner or the system' })),
  created_at: dateTime,
});
