import { Type } from 'typebox';
import { data, Nullable } from '../schemas.js';

// Signing in through an OpenID Connect provider: an applicant's e-ID, staff's single sign-on.
const Text = Type.String;

/** The provider the sign-in page offers, by the name on its button; null when none is set up. */
export const oidcProvider = data(Nullable(Type.Object({ name: Text({ description: 'e.g. BankID' }) })));

/** Where the browser goes to sign in at the provider. */
export const oidcStart = data(Type.Object({ url: Text({ description: 'The provider’s authorization URL' }) }));

/** An applicant's e-ID sign-in: signed in, or asked for an e-mail address (the provider gave no verified one). */
export const applicantOidcSignIn = data(
  Type.Union([
    Type.Object({
      expires_in: Type.Integer({ description: 'seconds' }),
      return_to: Text({ description: 'The portal path the sign-in started from' }),
    }),
    Type.Object({
      needs_email: Type.Literal(true),
      first_name: Nullable(Text()),
      last_name: Nullable(Text()),
    }),
  ]),
);
