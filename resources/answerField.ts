/**
 * The form field that holds a question's answer: errors are keyed by it, and the form links to it. A module of its
 * own, so that the form's first load, which names the fields, does not carry the answers' checks.
 */
export const answerField = (question: { id: number }) => `definitions.${question.id}`;
