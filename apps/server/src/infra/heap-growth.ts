/**
 * How far V8 lets the old heap grow between full collections. Left to itself V8 picks up to 4×
 * what survived the last one whenever the collector looks slow next to the program, which a busy
 * machine always makes it: at ~50 MB live, a register import of a million rows (whose batches
 * outlive the young generation) then grew the server's RSS by ~200 MB before the first full
 * collection came. Twice is enough headroom: that import took 14 full collections instead of 5,
 * ~0.4 s in all, and grew the RSS by ~80 MB. The setting can only be made by a flag, so the server
 * sets it for itself at start (there is no NODE_OPTIONS form of it).
 */
import v8 from "node:v8";

export const HEAP_GROWING_PERCENT = 100;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
