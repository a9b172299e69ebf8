import { Type } from 'typebox';
import { Nullable } from '../schemas.js';

// The signed-in user, as each app asks for it after signing in.
const { Integer } = Type;
const Text = Type.String;

/** The signed-in staff user. */
export const staffUser = Type.Object({
  id: Integer(),
  first_name: Text(),
  last_name: Text(),
  email: Text(),
  role: Text(),
  locale: Text(),
});

/** One of the abilities that decide what the admin shows (the server checks them again). */
export const ability = Type.Object({ name: Text(), entity_id: Nullable(Integer()), entity_type: Nullable(Text()) });

/** The signed-in applicant. */
export const applicantProfile = Type.Object({
  id: Integer(),
  email: Text(),
  first_name: Nullable(Text()),
  last_name: Nullable(Text()),
  locale: Text(),
});
