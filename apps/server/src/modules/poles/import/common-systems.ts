/**
 * The systems utilities keep their registers in, by how likely a register is in one when it fits:
 * a national grid first (its false origin is its own, so one that fits is nearly always the one),
 * then the UTM zones of WGS 84 and of the continental datums, then the NAD83 grids of North
 * America (the state planes and their kin). Every other system in the index comes after them.
 * The EPSG index says nothing of how much a system is used, hence this short list.
 */
import type { CrsEntry } from "../../../formats/coordinate-systems";

/** The grids national mapping agencies publish their maps and registers in. */
const NATIONAL_GRIDS = new Set([
  27700, // OSGB36 / British National Grid
  2157, // IRENET95 / Irish Transverse Mercator
  29903, // TM75 / Irish Grid
  2154, // RGF93 / Lambert-93 (France)
  28992, // Amersfoort / RD New (Netherlands)
  31370, // BD72 / Belgian Lambert 72
  3812, // ETRS89 / Belgian Lambert 2008
  2056, // CH1903+ / LV95 (Switzerland)
  21781, // CH1903 / LV03 (Switzerland)
  31287, // MGI / Austria Lambert
  3006, // SWEREF99 TM (Sweden)
  3067, // ETRS89 / TM35FIN (Finland)
  5514, // S-JTSK / Krovak East North (Czechia, Slovakia)
  2180, // ETRF2000-PL / CS92 (Poland)
  3763, // ETRS89 / Portugal TM06
  2100, // GGRS87 / Greek Grid
  23700, // HD72 / EOV (Hungary)
  3794, // Slovenia 1996 / Slovene National Grid
  3765, // HTRS96 / Croatia TM
  3301, // Estonian Coordinate System of 1997
  3059, // LKS92 / Latvia TM
  3346, // LKS94 / Lithuania TM
  2039, // Israel 1993 / Israeli TM Grid
  2193, // NZGD2000 / New Zealand Transverse Mercator 2000
  3414, // SVY21 / Singapore TM
  2326, // Hong Kong 1980 Grid System
  5179, // Korea 2000 / Unified CS
]);

const between = (code: number, from: number, to: number) => code >= from && code <= to;

/** UTM zones on WGS 84, ETRS89 (Europe), NAD83 (North America) and GDA94/GDA2020 (Australia's MGA). */
function isUtm(code: number): boolean {
  return (
    between(code, 32601, 32660) ||
    between(code, 32701, 32760) ||
    between(code, 25828, 25838) ||
    between(code, 26901, 26923) ||
    between(code, 28348, 28358) ||
    between(code, 7846, 7859)
  );
}

/** 0 for the most used kind of system, higher for the less used; every other system last. */
export function familiarity(s: CrsEntry): number {
  if (NATIONAL_GRIDS.has(s.epsg)) return 0;
  if (isUtm(s.epsg)) return 1;
  // The original NAD83 rather than its later realisations, which put the same rows in the same places.
  if (s.name.startsWith("NAD83 / ")) return 2;
  return 3;
}
