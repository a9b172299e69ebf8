import { isDatabaseUnavailable } from '../db/connect.js';

/**
 * A gauge's read of the database at scrape time. While the database cannot be reached the gauge has no value (NaN,
 * or no series), so the scrape still answers with the rest, the pool's waiting queries among them.
 */
export async function whileReachable(read: () => Promise<void>, unknown: () => void) {
  try {
    await read();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    unknown();
  }
}
