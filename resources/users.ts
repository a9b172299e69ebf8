/** A person's name as shown: first and last, whichever are given. */
export const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
