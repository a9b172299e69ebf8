/**
 * The enumerations: one place for their codes, shared by the server, the admin and the portal.
 * Labels live in locales/<locale>.json under enums.<name>.<key>.
 */
export const enums = {
  organisation_type: { company: 10, association: 20, community: 30 },
  category_type: { target_group: 10, purpose: 20, geographic_area: 30, focus_area: 40 },
  field_type: { number: 10, text: 20, dropdown: 30, checkbox: 40, radio: 50, textarea: 90, media: 100 },
  applicant_type: { contact_person: 10, organisation: 20, both: 30 },
  application_status: { draft: 10, received: 20, ongoing: 30, approved: 40, rejected: -10 },
  investigation_status: { no_proposal: 10, grant: 20, reject: -10 },
  /** When an instalment of a grant may be asked for: once the conditions are accepted, or once the follow-up is in. */
  payout_due: { at_acceptance: 10, after_followup: 20 },
  /** A payout from the applicant's request to the bank: prepared and approved by two staff users, batched, sent, paid. */
  payout_status: { requested: 10, prepared: 20, approved: 30, in_batch: 40, sent: 50, paid: 60, rejected: -10, returned: -20 },
  /** The UN's 17 sustainable development goals, which an application may say it works towards. */
  global_goal: {
    no_poverty: 1,
    zero_hunger: 2,
    good_health: 3,
    quality_education: 4,
    gender_equality: 5,
    clean_water: 6,
    clean_energy: 7,
    decent_work: 8,
    industry_innovation: 9,
    reduced_inequalities: 10,
    sustainable_cities: 11,
    responsible_consumption: 12,
    climate_action: 13,
    life_below_water: 14,
    life_on_land: 15,
    peace_justice: 16,
    partnerships: 17,
  },
} as const;

export type EnumName = keyof typeof enums;
export type EnumValue<N extends EnumName> = (typeof enums)[N][keyof (typeof enums)[N]];
export interface EnumOption {
  value: number;
  key: string;
  label: string;
}
export type EnumMap = Record<EnumName, EnumOption[]>;

export const status = enums.application_status;

/** The key of an enumeration's code (application_status 20 -> 'received'); undefined for a code it does not have. */
export function enumKey(name: EnumName, code: unknown): string | undefined {
  return Object.entries(enums[name]).find(([, value]) => value === code)?.[0];
}

/**
 * A code's label in the language `translate` speaks (locales' enums.<name>.<key>): '' for no code, the code itself for
 * one the enumeration does not have. The one lookup of the server, the admin and the portal.
 */
export function enumLabel(translate: (key: string) => string, name: EnumName, code: number | null | undefined): string {
  if (code === null || code === undefined) return '';
  const key = enumKey(name, code);
  return key ? translate(`enums.${name}.${key}`) : String(code);
}
