/**
 * Today's date (YYYY-MM-DD, UTC) as the inspection rules read it: due dates, overdue findings and
 * inspection cycles all count from it. Tests hand the app a clock they set.
 */
export type Today = () => string;

export const utcToday: Today = () => new Date().toISOString().slice(0, 10);
