import { getExampleNumber, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { isEmpty, SWEDISH_PHONE_EXAMPLE, type Message } from './validators.js';

/**
 * Phone numbers, through libphonenumber-js. Kept apart from validators.ts because the library and its metadata are
 * large: a page that only shows an example (validators.ts has the Swedish one) need not load them.
 */
const phoneExamples = new Map<CountryCode, string>();

/** A realistic mobile number for the country in international format, e.g. "+46 70 123 45 67" (cached). */
export function phoneExample(country: CountryCode = 'SE'): string {
  let example = phoneExamples.get(country);
  if (example === undefined) {
    example = getExampleNumber(country, examples)?.formatInternational() ?? SWEDISH_PHONE_EXAMPLE;
    phoneExamples.set(country, example);
  }
  return example;
}

/** A valid phone number, typed nationally for the default country ("070-123 45 67") or internationally ("+46 …"). */
export function phone(value: unknown, defaultCountry: CountryCode = 'SE'): Message | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'string' && isValidPhoneNumber(value.trim(), defaultCountry)) return null;
  return { key: 'validation.phone', params: { example: phoneExample(defaultCountry) } };
}

/** A valid phone number in E.164 form for storage ("+46701234567"); anything else is returned unchanged. */
export function normalisePhone(value: string, defaultCountry: CountryCode = 'SE'): string {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : value;
}
