/** Findings over the API: a pole's (in its timeline answer), the work list's pages, add, resolve. */
import {
  findingListSchema,
  findingResponseSchema,
  summarySchema,
  type Finding,
  type FindingCreate,
  type FindingList,
  type FindingPatch,
  type Summary,
} from "@poleatlas/shared";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

/** The filters of the work list, as GET /api/findings takes them. */
export interface FindingFilters {
  status: "open" | "resolved" | "all";
  overdue: boolean;
  level: 1 | 2 | 3 | null;
  region: string | null;
}

export const findingKeys = {
  all: ["findings"] as const,
  page: (f: FindingFilters, cursor: string | null, limit: number) => ["findings", f, cursor, limit] as const,
  summary: (region: string | null) => ["findings", "summary", region] as const,
};

export function findingsQuery(f: FindingFilters, cursor: string | null, limit: number): string {
  const q = new URLSearchParams({ status: f.status, limit: String(limit) });
  if (f.overdue) q.set("overdue", "true");
  if (f.level !== null) q.set("level", String(f.level));
  if (f.region !== null) q.set("region", f.region);
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

/** A finding's change; a resolution may name its repair photo, or store a new one first. */
interface FindingChange {
  id: string;
  patch: FindingPatch;
  repair?: string | (() => Promise<string>);
}

export function usePatchFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch, repair }: FindingChange): Promise<Finding> => {
      const imageId = typeof repair === "function" ? await repair() : repair;
      const body =
        imageId && patch.resolve ? { ...patch, resolve: { ...patch.resolve, image_id: imageId } } : patch;
      return (await apiClient.patch(`/api/findings/${encodeURIComponent(id)}`, body, findingResponseSchema))
        .finding;
    },
    onSuccess: () => refreshAfter(queryClient),
  });
}
