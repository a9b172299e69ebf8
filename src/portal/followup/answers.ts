import {
  followupAnswerFields,
  MAX_FOLLOWUP_COMMENT,
  MAX_FOLLOWUP_COUNT,
  MAX_FOLLOWUP_MARKETING,
  requiredFollowupFields,
} from '../../../resources/followup';
import type { Followup } from './types';

/** The answers as the form holds them: the numbers as typed, so text that is not a number stays in its field. */
export interface FollowupValues {
  according_to_plan: boolean | null;
  according_to_plan_comment: string;
  participants: string;
  events: string;
  marketing: string;
}

export type FollowupField = keyof FollowupValues;

/** In the order the form asks them; the comment alone is optional. */
export const followupFields: FollowupField[] = [...followupAnswerFields];
export const requiredFields: FollowupField[] = [...requiredFollowupFields];
export const numberFields = ['participants', 'events'] as const;
export const MAX_COUNT = MAX_FOLLOWUP_COUNT;
export const MAX_LENGTH = { according_to_plan_comment: MAX_FOLLOWUP_COMMENT, marketing: MAX_FOLLOWUP_MARKETING } as const;

const isNumberField = (field: FollowupField): field is (typeof numberFields)[number] => field === 'participants' || field === 'events';

/** The server's answers as the form shows them. */
export function valuesOf(followup: Followup): FollowupValues {
  return {
    according_to_plan: followup.according_to_plan,
    according_to_plan_comment: followup.according_to_plan_comment ?? '',
    participants: followup.participants === null ? '' : String(followup.participants),
    events: followup.events === null ? '' : String(followup.events),
    marketing: followup.marketing ?? '',
  };
}

/** A whole number 0..MAX_COUNT from what was typed ('1 200' too); null for nothing typed; undefined when it is not one. */
export function parseCount(text: string): number | null | undefined {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return undefined;
  const value = Number(digits);
  return value <= MAX_COUNT ? value : undefined;
}

/** What is wrong with a field's value as typed, as a key of portal.followup, or null. */
export function fieldProblem(field: FollowupField, value: FollowupValues[FollowupField]): 'not_whole' | 'too_long' | null {
  if (isNumberField(field)) return parseCount(value as string) === undefined ? 'not_whole' : null;
  if (field === 'according_to_plan') return null;
  return [...(value as string).trim()].length > MAX_LENGTH[field] ? 'too_long' : null;
}

/** A field's value as the API takes it (texts trimmed, empty is null); undefined while it has a problem and cannot be sent. */
export function payloadOf(field: FollowupField, value: FollowupValues[FollowupField]): boolean | number | string | null | undefined {
  if (fieldProblem(field, value)) return undefined;
  if (isNumberField(field)) return parseCount(value as string);
  if (field === 'according_to_plan') return value;
  return (value as string).trim() || null;
}

/** The required answers still missing. */
export const missingFields = (values: FollowupValues) => requiredFields.filter((field) => payloadOf(field, values[field]) === null);
