import { Type } from 'typebox';

// The FAQs: as the portal shows them, and as the reorder screen saves them.
const { Integer } = Type;
const Text = Type.String;

export const faq = Type.Object({ id: Integer(), question: Text(), answer: Text() });

/** A FAQ in its new order, as the reorder answers it. */
export const orderedFaq = Type.Object({ id: Integer(), question: Text(), order: Integer() });
