/**
 * A pole's measurements over the API: the list (with its kept lean), deleting one, the
 * workspace's measuring settings (units, lean threshold), and a suggestion added as a finding.
 */
import {
  DEFAULT_MEASURE_SETTINGS,
  findingResponseSchema,
  measureSettingsSchema,
  poleMeasurementsSchema,
  type Finding,
  type MeasureSettings,
  type Suggestion,
} from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

export const measurementKeys = {
  pole: (poleId: string) => ["measurements", poleId] as const,
};

export function usePoleMeasurements(poleId: string) {
  return useQuery({
    queryKey: measurementKeys.pole(poleId),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/poles/${encodeURIComponent(poleId)}/measurements`, poleMeasurementsSchema, {
        signal,
      }),
  });
}

/** The units heights are shown in and the lean threshold; the defaults until (or unless) read. */
export function useMeasureSettings(): MeasureSettings {
  const settings = useQuery({
    queryKey: ["measure-settings"],
    queryFn: ({ signal }) => apiClient.get("/api/workspace/settings", measureSettingsSchema, { signal }),
    staleTime: 60_000,
  });
  return settings.data ?? DEFAULT_MEASURE_SETTINGS;
}

/** The pole (its findings, history, risk) and the lists that count findings. */
const refreshPole = (queryClient: QueryClient, poleId: string) =>
  Promise.all(
    [poleKeys.all, ["regions"], ["findings"], measurementKeys.pole(poleId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function useDeleteMeasurement(poleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/api/measurements/${encodeURIComponent(id)}`),
    onSuccess: () => refreshPole(queryClient, poleId),
  });
}

/** A suggestion as a finding: its code, level and reason, linked to the measurement and its photo. */
export interface SuggestedFinding {
  suggestion: Suggestion;
  measurementId?: string;
  imageId?: string;
}

export function useAddSuggestedFinding(poleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ suggestion, measurementId, imageId }: SuggestedFinding): Promise<Finding> => {
      const body = {
        code: suggestion.code,
        level: suggestion.level,
        notes: suggestion.reason,
        ...(measurementId ? { measurement_id: measurementId } : {}),
        ...(imageId ? { image_id: imageId } : {}),
      };
      const url = `/api/poles/${encodeURIComponent(poleId)}/findings`;
      return (await apiClient.post(url, body, findingResponseSchema)).finding;
    },
    onSuccess: () => refreshPole(queryClient, poleId),
  });
}
