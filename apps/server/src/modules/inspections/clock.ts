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
