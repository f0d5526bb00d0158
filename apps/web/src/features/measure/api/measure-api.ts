/**
 * The measuring tool's calls: the workspace's length unit (GET /api/workspace/settings), heights
 * measured on one photo (POST /api/images/:id/measurements) and the pole's lean (POST
 * /api/poles/:id/lean). A save refreshes the record's measurements and the pole (its lean).
 */
import {
  DEFAULT_MEASURE_SETTINGS,
  leanResponseSchema,
  measureSettingsSchema,
  measurementResponseSchema,
  type LeanRequest,
  type MeasurementCreate,
} from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "../../poles";

/** The record's list of measurements of a pole. */
export const measurementsKey = (poleId: string) => ["measurements", poleId] as const;

/** The workspace's unit; metres (the product's default) until the settings are in. */
export function useLengthUnits(enabled: boolean) {
  const settings = useQuery({
    enabled,
    queryKey: ["measure-settings"],
    queryFn: ({ signal }) => apiClient.get("/api/workspace/settings", measureSettingsSchema, { signal }),
    staleTime: 60_000,
  });
  return settings.data?.units ?? DEFAULT_MEASURE_SETTINGS.units;
}

function useRefreshPole(poleId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: measurementsKey(poleId) }),
      queryClient.invalidateQueries({ queryKey: poleKeys.one(poleId) }),
    ]);
}

export function useSaveMeasurement(poleId: string) {
  const refresh = useRefreshPole(poleId);
  return useMutation({
    mutationFn: async ({ imageId, body }: { imageId: string; body: MeasurementCreate }) =>
      (
        await apiClient.post(
          `/api/images/${encodeURIComponent(imageId)}/measurements`,
          body,
          measurementResponseSchema,
        )
      ).measurement,
    onSuccess: refresh,
  });
}

export function useMeasureLean(poleId: string) {
  const refresh = useRefreshPole(poleId);
  return useMutation({
    mutationFn: (body: LeanRequest) =>
      apiClient.post(`/api/poles/${encodeURIComponent(poleId)}/lean`, body, leanResponseSchema),
    onSuccess: refresh,
  });
}
