import { integer } from './fields.js';
import { defineSingleton } from './singletons.js';

/**
 * Signals of duplicates and fraud: what matched between applications, shown to staff to check, never refusing
 * anything (server/signals/). Each kind, as the admin tells it (`signals.kinds.*`).
 */
export const signalKinds = [
  'organisation_accounts',
  'payout_account',
  'personal_number',
  'similar_description',
  'registrations_from_address',
] as const;

export type SignalKind = (typeof signalKinds)[number];

/** The settings' ranges and the defaults a new installation starts with. */
export const signalSettingRanges = {
  /** Two descriptions of one period at least this similar (trigram similarity, in percent) are a signal. */
  similarity_percent: { min: 30, max: 100, default: 80 },
  /** More than this many accounts registered from one client address in a day are a signal. */
  registrations_per_day: { min: 1, max: 1000, default: 3 },
} as const;

/**
 * The signals' two settings, changed by those who manage applications generally: they are who read and check the
 * signals, and a threshold is part of how applications are handled, not of the system's security.
 */
export const signalSettings = defineSingleton({
  name: 'signal-settings',
  endpoint: 'signal-settings',
  table: 'signal_settings',
  ability: 'manage-applications',
  description:
    'the signals’ settings: how similar two descriptions must be, and how many registrations from one address a day are too many',
  fields: (Object.keys(signalSettingRanges) as (keyof typeof signalSettingRanges)[]).map((name) =>
    integer(name, { required: true, min: signalSettingRanges[name].min, max: signalSettingRanges[name].max, help: true }),
  ),
});
