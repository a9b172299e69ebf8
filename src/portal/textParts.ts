/**
 * What the portal shows of locales/*.json: these parts whole, and of `errors` and `resources` only the keys listed
 * (the rest of `errors` are the server's messages, sent already translated, and of `resources` the staff app's
 * entities).
 */
const shown: Record<string, true | string[]> = {
  attributes: true,
  data_export: true,
  enums: true,
  errors: ['emails_mismatch', 'file_too_large', 'followup_error', 'not_a_draft'],
  portal: true,
  resources: ['applications'],
  validation: true,
};

/**
 * Of those, the texts that only the pages an applicant comes to later show (PortalApp.tsx loads them with those
 * pages): not the layout's, nor those of signing in, the periods and the application form, where applicants start.
 */
const later: Record<string, true | string[]> = {
  data_export: true,
  portal: ['dashboard', 'dialogue', 'eid_link', 'faq', 'followup', 'grant', 'invitation', 'my_data', 'organisation', 'privacy', 'thanks'],
};

/** The keys of `part` that `selection` keeps: all (true) or those listed. */
const pick = (part: Record<string, unknown>, selection: true | string[], keep: boolean) =>
  Object.fromEntries(Object.entries(part).filter(([key]) => (selection === true || selection.includes(key)) === keep));

/**
 * The portal's part of one locale file (or of its named parts): `first` what every page may show, loaded with the
 * page; `later` the rest (see above). messages.ts loads these, and the portal's build leaves out of each chunk
 * whatever it does not load (vite.config.ts); a test checks that every key the portal's code names is in one, and
 * that the first pages name none of the later ones.
 */
export function portalTexts(messages: Record<string, unknown>, which: 'first' | 'later'): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const [name, selection] of Object.entries(shown)) {
    const part = messages[name] as Record<string, unknown> | undefined;
    if (part === undefined) continue;
    const kept = pick(part, selection, true);
    const picked = later[name] ? pick(kept, later[name], which === 'later') : which === 'first' ? kept : {};
    if (Object.keys(picked).length > 0) texts[name] = picked;
  }
  return texts;
}
