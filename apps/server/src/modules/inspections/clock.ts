/**
 * Today's date (YYYY-MM-DD, UTC) as the inspection rules read it: due dates, overdue findings and
 * inspection cycles all count from it. Tests hand the app a clock they set.
 */
import { addDays } from "@poleatlas/shared";
import { DAY } from "./cursor-parts";

export type Today = () => string;

export const utcToday: Today = () => new Date().toISOString().slice(0, 10);

/**
 * The latest day a finding or a visit may be dated: today by the server's clock (UTC), and one
 * day more, since a user east of UTC is already in tomorrow while UTC is still today.
 */
export function latestDay(today: string): string {
  const next = addDays(today, 1);
  return DAY.test(next) ? next : today;
}

/**
 * Whether a client's date can be today somewhere while the server's (UTC) is `today`: time zones
 * run from UTC−12 to UTC+14, so a client's today is yesterday, today or tomorrow in UTC.
 */
export function withinADay(clientToday: string, today: string): boolean {
  return clientToday >= addDays(today, -1) && clientToday <= latestDay(today);
}
