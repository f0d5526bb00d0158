/**
 * What the map reads of inspections: a pole's condition, whether it is overdue and its inspection
 * state; per region, poles with an overdue finding and poles due for inspection; the summary the
 * dashboard shows. Anyone in the workspace reads these (viewers too).
 */
import {
  addYears,
  daysBetween,
  inspectionState,
  parseRegionKey,
  messages,
  type InspectionType,
  type PoleInspection,
  type RegionInspection,
  type Summary,
  type TypeInspection,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { Today } from "./clock";
import type { InspectionsRepository } from "./inspections.repository";
import type { VisitsRepository } from "./visits.repository";

const NONE: RegionInspection = { overdue: 0, inspectionDue: { due: 0, overdue: 0, never: 0 } };

/** The last day of each of the 12 months up to today's (today itself for the current month). */
export function monthEnds(today: string): string[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const ends: string[] = [];
  for (let back = 11; back >= 1; back--) {
    ends.push(new Date(Date.UTC(y, m - back, 0)).toISOString().slice(0, 10));
  }
  ends.push(today);
  return ends;
}

/**
 * Each type of the programme with its last visit on the pole and the day its cycle runs out, as
 * the pole's due day is kept (utility_pole_visits_refresh: last visit plus the cycle in calendar
 * years, 29 February to the 28th).
 */
export function typeLines(
  types: InspectionType[],
  lastByType: { type: string; last_on: string }[],
  today: string,
): TypeInspection[] {
  return types.map((t) => {
    const last = lastByType.find((l) => l.type === t.code)?.last_on ?? null;
    const dueOn = last === null ? null : addYears(last, t.cycleYears);
    return {
      type: t.code,
      name: t.name,
      cycleYears: t.cycleYears,
      lastInspectedOn: last,
      dueOn,
      state: inspectionState(dueOn, today),
      daysLate: dueOn === null ? null : daysBetween(dueOn, today),
    };
  });
}

export function createConditionService(deps: {
  repository: InspectionsRepository;
  visits: VisitsRepository;
  /** The inspection types in force in the actor's workspace. */
  typesOf: (actor: Actor) => Promise<InspectionType[]>;
  today: Today;
}) {
  const { repository, visits, typesOf, today } = deps;

  /**
   * The dates the inspection state turns on: a pole's due day (kept on the pole from its visits
   * and the workspace's cycles) on or before today is overdue, within a year from today due.
   */
  function thresholds() {
    const day = today();
    return { today: day, dueBy: addYears(day, 1) };
  }

  return {
    thresholds,

    async ofPole(actor: Actor, poleId: string): Promise<PoleInspection> {
      const [row, types, lastByType] = await Promise.all([
        repository.poleInspection(poleId),
        typesOf(actor),
        visits.lastByType(actor.workspaceId, poleId),
      ]);
      const t = thresholds();
      const dueOn = row?.inspection_due_on ?? null;
      return {
        condition: row?.condition ?? "unrated",
        overdue: row?.finding_due_on != null && row.finding_due_on < t.today,
        inspection: {
          state: inspectionState(dueOn, t.today),
          lastInspectedOn: row?.last_inspected_on ?? null,
          dueOn,
          types: typeLines(types, lastByType, t.today),
        },
      };
    },

    /** Per region (by its rounded centre): overdue poles and poles due for inspection. */
    async byRegion(actor: Actor): Promise<(lon: number, lat: number) => RegionInspection> {
      const t = thresholds();
      const rows = await repository.regionCounts(actor.workspaceId, t.today, t.dueBy);
      const byKey = new Map<string, RegionInspection>();
      for (const r of rows) {
        byKey.set(`${r.region_lon},${r.region_lat}`, {
          overdue: r.overdue,
          inspectionDue: { due: r.inspection_due, overdue: r.inspection_overdue, never: r.inspection_never },
        });
      }
      return (lon, lat) => byKey.get(`${lon},${lat}`) ?? NONE;
    },

    async summary(actor: Actor, regionId: string | undefined): Promise<Summary> {
      let region: { longitude: number; latitude: number } | undefined;
      if (regionId !== undefined) {
        const parsed = parseRegionKey(regionId);
        if (!parsed) throw badRequest(messages.invalidRegion, "invalid_region");
        region = parsed;
      }
      const t = thresholds();
      const months = monthEnds(t.today);
      const { levels, inspection, byMonth, flowByMonth, ageing } = await repository.summary(
        actor.workspaceId,
        region,
        {
          today: t.today,
          resolvedSince: addYears(t.today, -1),
          dueBy: t.dueBy,
          monthEnds: months,
        },
      );
      const level = (n: number) => {
        const r = levels.find((l) => l.level === n);
        return { open: r?.open ?? 0, overdue: r?.overdue ?? 0, resolved12m: r?.resolved ?? 0 };
      };
      const open = (end: string, n: number) =>
        byMonth.find((b) => b.month_end === end && b.level === n)?.n ?? 0;
      const total = inspection?.total ?? 0;
      const due = inspection?.inspection_due ?? 0;
      const overdue = inspection?.inspection_overdue ?? 0;
      const never = inspection?.inspection_never ?? 0;
      return {
        today: t.today,
        levels: { 1: level(1), 2: level(2), 3: level(3) },
        inspection: { current: total - due - overdue - never, due, overdue, never },
        openByMonth: months.map((end) => ({
          month: end.slice(0, 7),
          1: open(end, 1),
          2: open(end, 2),
          3: open(end, 3),
        })),
        flowByMonth: months.map((end) => {
          const row = flowByMonth.find((f) => f.month === end.slice(0, 7));
          return { month: end.slice(0, 7), opened: row?.opened ?? 0, closed: row?.closed ?? 0 };
        }),
        ageing: {
          upTo30: ageing.up_to_30,
          upTo90: ageing.up_to_90,
          upTo365: ageing.up_to_365,
          over365: ageing.over_365,
        },
      };
    },
  };
}

export type ConditionService = ReturnType<typeof createConditionService>;
