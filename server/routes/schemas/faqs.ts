import { Type } from 'typebox';
import { untranslated } from '../schemas.js';

// The FAQs: as the portal shows them, and as the reorder screen saves them.
const { Integer } = Type;
const Text = Type.String;

export const faq = Type.Object({ id: Integer(), question: Text(), answer: Text(), untranslated: untranslated(['question', 'answer']) });

/** A FAQ in its new order, as the reorder answers it. */
export const orderedFaq = Type.Object({ id: Integer(), question: Text(), order: Integer() });
