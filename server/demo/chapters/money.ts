/** The demo's amounts are in kronor; the database keeps öre. */
export const kr = (amount: number) => amount * 100;
