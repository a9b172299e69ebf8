import type { applicationFile, JsonOf } from '../../../server/routes/schemas';
import type { applicantApplication, category } from '../../../server/routes/schemas/applicationForm';
import type { openPeriod } from '../../../server/routes/schemas/portal';
import type { Translatable } from '../../components/contentLanguage';

/** A file of the application's form, as the file routes and the form answer it. */
export type StoredFile = JsonOf<typeof applicationFile>;

/** An application as GET /portal/applications/:uuid gives it; the form reads its fields by name too. */
export type ApplicationForm = JsonOf<typeof applicantApplication> & FormValues;

/**
 * What the form reads of a period: the portal's open periods and the staff form's periods both answer it (the
 * portal's naming the texts in the other language).
 */
export type OpenPeriod = Pick<JsonOf<typeof openPeriod>, 'id' | 'name' | 'start_date' | 'end_date'> &
  Translatable & { application_types: ({ id: number; label: string } & Translatable)[] };

export type Category = JsonOf<typeof category> & Translatable;

/** The values the form edits: every field of resources/applications.ts plus the answers. */
export type FormValues = Record<string, unknown>;
