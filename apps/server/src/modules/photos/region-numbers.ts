/**
 * Region numbers where a pole register was imported: regions with photos keep their own numbers;
 * regions where only imported poles stand (nobody photographed there yet) are numbered after them,
 * west to east then south to north. The regions list and the region report name them alike.
 */
interface Cell {
  region_lon: number;
  region_lat: number;
}

export function unvisitedRegionNumbers<C extends Cell>(
  photographed: readonly (Cell & { number: number })[],
  poleRegions: readonly C[],
): (C & { number: number })[] {
  const seen = new Set(photographed.map((r) => `${r.region_lon},${r.region_lat}`));
  let next = photographed.reduce((max, r) => Math.max(max, r.number), 0);
  return poleRegions
    .filter((r) => !seen.has(`${r.region_lon},${r.region_lat}`))
    .sort((a, b) => a.region_lon - b.region_lon || a.region_lat - b.region_lat)
    .map((r) => ({ ...r, number: (next += 1) }));
}
