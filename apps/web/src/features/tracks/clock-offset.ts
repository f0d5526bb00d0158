/**
 * The camera clock's offset from a "sync photo": a photo that shows a GPS unit's or a phone's
 * clock. Offset = the time the photo shows − the camera's time for it (as its `local_time` gives
 * it), both read as wall clocks of the same zone: camera time + offset = true time.
 */
import { MAX_TRACK_OFFSET_SECONDS } from "@poleatlas/shared";

const CAMERA = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/;
const SHOWN_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The camera's date and time of a photo ("2026-03-01", "23:30:00"), or null without one. */
export function cameraClock(localTime: string | null): { date: string; time: string } | null {
  const m = localTime ? CAMERA.exec(localTime) : null;
  return m ? { date: m[1]!, time: m[2]! } : null;
}

/**
 * Seconds to add to the camera's time: null when the typed time or date is no time, or the offset
 * is beyond what a match accepts.
 */
export function syncOffsetSeconds(
  localTime: string | null,
  shown: { date: string; time: string },
): number | null {
  const camera = cameraClock(localTime);
  const t = SHOWN_TIME.exec(shown.time.trim());
  if (!camera || !t || !DAY.test(shown.date)) return null;
  const [h, m, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  const shownMs = Date.parse(`${shown.date}T${pad(h)}:${pad(m)}:${pad(s)}Z`);
  const cameraMs = Date.parse(`${camera.date}T${camera.time}Z`);
  if (!Number.isFinite(shownMs) || !Number.isFinite(cameraMs)) return null;
  const offset = Math.round((shownMs - cameraMs) / 1000);
  return Math.abs(offset) > MAX_TRACK_OFFSET_SECONDS ? null : offset;
}

/** 3725 → "+1 h 02 min 05 s", -42 → "-42 s", 0 → "0 s". */
export function formatOffset(seconds: number): string {
  const sign = seconds > 0 ? "+" : seconds < 0 ? "-" : "";
  const abs = Math.abs(Math.round(seconds));
  const h = Math.floor(abs / 3600);
  const min = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return `${sign}${h} h ${two(min)} min ${two(s)} s`;
  if (min > 0) return `${sign}${min} min ${two(s)} s`;
  return `${sign}${s} s`;
}
