/** Today in Stockholm, the calendar the foundation's days are counted in, as YYYY-MM-DD. */
export const stockholmToday = (now = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
