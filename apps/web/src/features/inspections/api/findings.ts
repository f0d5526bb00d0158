/** Findings over the API: a pole's (in its timeline answer), the work list's pages, add, resolve. */
import {
  etagOf,
  findingBulkAnswerSchema,
  findingListSchema,
  findingResponseSchema,
  summarySchema,
  type Finding,
  type FindingCreate,
  type FindingList,
  type FindingPatch,
  type FindingBulk,
  type Summary,
  type WorkStatus,
} from "@poleatlas/shared";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { ApiError, apiClient } from "../../../lib/api-client";
import { localToday } from "../lib/days";

/** The filters and sort of the work list, as GET /api/findings takes them (null: any). */
export interface FindingFilters {
  /** One step, "unresolved" or "all". */
  status: "unresolved" | "all" | WorkStatus;
  overdue: boolean;
  level: 1 | 2 | 3 | null;
  region: string | null;
  code: string | null;
  /** A user id, "me" or "none". */
  assignee: string | null;
  circuit: string | null;
  dueWithin: number | null;
  observedFrom: string | null;
  observedTo: string | null;
  /** A field, "-" before it for descending. */
  sort: string;
}

export const DEFAULT_FINDING_FILTERS: FindingFilters = {
  status: "unresolved",
  overdue: false,
  level: null,
  region: null,
  code: null,
  assignee: null,
  circuit: null,
  dueWithin: null,
  observedFrom: null,
  observedTo: null,
  sort: "due",
};

export const findingKeys = {
  all: ["findings"] as const,
  page: (f: FindingFilters, cursor: string | null, limit: number) => ["findings", f, cursor, limit] as const,
  summary: (region: string | null) => ["findings", "summary", region] as const,
};

/** The filter's query parameters (what a bulk action over the filter sends too). */
export function filterParams(f: FindingFilters): Record<string, string> {
  const q: Record<string, string> = { status: f.status };
  if (f.overdue) q.overdue = "true";
  if (f.level !== null) q.level = String(f.level);
  if (f.region !== null) q.region = f.region;
  if (f.code !== null) q.code = f.code;
  if (f.assignee !== null) q.assignee = f.assignee;
  if (f.circuit !== null) q.circuit = f.circuit;
  if (f.dueWithin !== null) q.due_within = String(f.dueWithin);
  if (f.observedFrom !== null) q.observed_from = f.observedFrom;
  if (f.observedTo !== null) q.observed_to = f.observedTo;
  return q;
}

export function findingsQuery(f: FindingFilters, cursor: string | null, limit: number): string {
  const q = new URLSearchParams({ ...filterParams(f), sort: f.sort, limit: String(limit) });
  if (cursor !== null) q.set("cursor", cursor);
  return q.toString();
}

export function useFindingsPage(f: FindingFilters, cursor: string | null, limit: number) {
  return useQuery({
    queryKey: findingKeys.page(f, cursor, limit),
    queryFn: ({ signal }): Promise<FindingList> =>
      apiClient.get(`/api/findings?${findingsQuery(f, cursor, limit)}`, findingListSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSummary(region: string | null) {
  return useQuery({
    queryKey: findingKeys.summary(region),
    queryFn: ({ signal }): Promise<Summary> =>
      apiClient.get(`/api/reports/summary${region ? `?region=${region}` : ""}`, summarySchema, { signal }),
  });
}

/** After a finding changes: the pole (panel, markers), the regions' counts and the lists again. */
async function refreshAfter(queryClient: QueryClient) {
  await Promise.all(
    [["poles"], ["regions"], findingKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useAddFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, body }: { poleId: string; body: FindingCreate }): Promise<Finding> =>
      (await apiClient.post(`/api/poles/${encodeURIComponent(poleId)}/findings`, body, findingResponseSchema))
        .finding,
    onSuccess: () => refreshAfter(queryClient),
  });
}

/**
 * A finding's change; a resolution may name its repair photo, or store a new one first. `version`:
 * the finding as the user saw it (If-Match), so a teammate's change meanwhile is not overwritten.
 */
export interface FindingChange {
  id: string;
  patch: FindingPatch;
  version?: number;
  repair?: string | (() => Promise<string>);
}

/**
 * A resolution names the device's today: the server refuses a resolution dated later than the
 * client's own day (a day ahead of UTC is not the future east of it, and is west of it).
 */
function dated<P extends { resolve?: object }>(patch: P): P {
  return patch.resolve ? { ...patch, resolve: { ...patch.resolve, today: localToday() } } : patch;
}

/** A 412: someone changed the finding since it was shown. */
export const isEditConflict = (e: unknown) => e instanceof ApiError && e.status === 412;

export function usePatchFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch, version, repair }: FindingChange): Promise<Finding> => {
      const imageId = typeof repair === "function" ? await repair() : repair;
      const body = dated(
        imageId && patch.resolve ? { ...patch, resolve: { ...patch.resolve, image_id: imageId } } : patch,
      );
      const headers = version === undefined ? undefined : { "If-Match": etagOf(version) };
      return (
        await apiClient.patch(`/api/findings/${encodeURIComponent(id)}`, body, findingResponseSchema, {
          headers,
        })
      ).finding;
    },
    onSuccess: () => refreshAfter(queryClient),
    // A conflict: the lists and the record read the finding again, as it is now.
    onError: (e) => (isEditConflict(e) ? refreshAfter(queryClient) : undefined),
  });
}

/** One change to a selection of findings or to every finding of a filter. */
export function useBulkFindings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingBulk): Promise<{ changed: number }> =>
      apiClient.post("/api/findings/bulk", { ...body, patch: dated(body.patch) }, findingBulkAnswerSchema),
    onSuccess: () => refreshAfter(queryClient),
  });
}
