/** The signed-in user as the API answers GET /users/me (staff) and GET /frontend-users/me (applicants). */
export interface StaffUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  locale: string;
}

export interface ApplicantProfile {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
}

/** A person's name as shown: first and last, whichever are given. */
export const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
