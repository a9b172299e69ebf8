/**
 * The first part of the key of every read about the retention rules: the rules themselves (the settings singleton's
 * own key, its name), what a run would do, and the runs; a change of any of them reads them all again.
 */
export const retentionScope = ['retention'];
