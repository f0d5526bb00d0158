/**
 * The map screen (spec §2): sidebar with storage card, the globe, the legend, the selected
 * pole's record (its photos' panel inside) and the upload dialog. Composes the features; the view
 * state is in the URL.
 * The globe (Cesium) loads lazily inside it; a failed load shows what failed, with Retry.
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import {
  linkTexts,
  mapScreenTexts,
  regionKey,
  type ImageRecord,
  type RegionSummary,
} from "@poleatlas/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { RiskLegend } from "../../components/risk-legend";
import { useLegend } from "./use-legend";
import { useAuth } from "../../features/auth";
import { imageKeys, regionKeys, SHEET_MAX_HEIGHT_VH, useRegions } from "../../features/images";
import {
  dropPhotoFromTimelines,
  PlaceOnMapHint,
  poleKeys,
  MoveUndoSnackbar,
  type PoleMove,
  refreshPoles,
  UnplacedPhotosDialog,
  usePlaceOnMap,
  useMoveCandidate,
  useRegionPoles,
} from "../../features/poles";
import { TrackPlacement, TrackPreviewBar } from "../../features/tracks";
import { storageKeys, useStorageUsage } from "../../features/storage";
import { useInspectionSettings, useRecordVisits } from "../../features/inspections";
import { UploadDialog, UploadQueueNavItem, uploadQueue, useUploadQueue } from "../../features/upload";
import { EmptyWorkspaceGuide, usePermissions, useWorkspaces } from "../../features/workspaces";
import { ImportPolesDialog } from "../../features/pole-import";
import { useBasemaps } from "../../features/basemaps";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { VISUALLY_HIDDEN } from "../../components/visually-hidden";
import { useInertUnder } from "../../components/use-inert-under";
import { OfflineBanner } from "../../components/offline-banner";
import { loadTexts } from "../../config/texts";
import type { GlobeMode } from "../../globe";
import { LazyGlobeView } from "./lazy-globe";
import { useLinkedPhoto } from "./linked-photo";
import { usePoleSelection } from "./pole-selection";
import { useCompactLayout } from "../../components/use-layout";
import { MapSidebar } from "./map-sidebar";
import { useMapUrl } from "./use-map-url";
import { MapPoleRecord } from "./map-pole-record";
import { MapSearch } from "./map-search";

/** The most of the page the photo's sheet covers on a phone (its maximum height). */
const sheetCoverPx = () => Math.round((window.innerHeight * SHEET_MAX_HEIGHT_VH) / 100);

/** The pole's bottom sheet on a phone (pole-record.tsx), over the lower part of the globe. */
const poleSheet = () => document.querySelector("aside[data-layout='sheet']");

const CLEAR_QUEUE_TIMEOUT_MS = 3000;
const NO_REGIONS: readonly RegionSummary[] = [];

export default function MapScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut, user } = useAuth();
  const url = useMapUrl();
  const may = usePermissions();
  const compact = useCompactLayout();
  const [uploadOpen, setUploadOpen] = useState(false);
  // The upload's visit option: the types are asked for when a member opens the dialog.
  const visitTypes = useInspectionSettings(uploadOpen && may.canEdit).data?.inspectionTypes;
  const recordVisits = useRecordVisits();
  const [unplacedOpen, setUnplacedOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [moved, setMoved] = useState<PoleMove | null>(null);
  const [unreachable, setUnreachable] = useState<{ name: string; useBuiltIn: () => void } | null>(null);
  const onBasemapUnreachable = useCallback(
    (name: string | null, useBuiltIn: () => void) =>
      setUnreachable(name === null ? null : { name, useBuiltIn }),
    [],
  );
  const regions = useRegions();
  // The region view draws its poles from the compact form: never the region's photos.
  const regionPoles = useRegionPoles(url.regionId);
  const legend = useLegend(regions.data ?? NO_REGIONS, regionPoles.data ?? null, url.regionId !== null);
  const usage = useStorageUsage();
  const basemaps = useBasemaps();
  const linked = useLinkedPhoto(url);
  const picked = usePoleSelection(url);
  const { selection, record } = picked;
  const pole = record?.pole ?? null;
  // Only without a photo shown does the globe need the pole itself (a pole without photos).
  const alone = pole !== null && selection === null;
  const [poleId, poleLat, poleLon] = [pole?.id, pole?.latitude, pole?.longitude];
  const poleAlone = useMemo(
    () =>
      alone && poleId !== undefined && poleLat !== undefined && poleLon !== undefined
        ? { id: poleId, latitude: poleLat, longitude: poleLon }
        : null,
    [alone, poleId, poleLat, poleLon],
  );
  // What the sheet covers leaves the Tab order while it is open (the focus would hide under it).
  const main = useRef<HTMLElement>(null);
  useInertUnder(main, poleSheet, compact && record !== null);
  const regionName = regions.data?.find((r) => r.id === url.regionId)?.name ?? null;
  // A photo without a place shows on the map once it has one, selected.
  const showPlaced = useCallback(
    (placed: ImageRecord) => {
      setUnplacedOpen(false);
      if (placed.longitude !== null && placed.latitude !== null)
        url.showPole(regionKey(placed.longitude, placed.latitude), placed.pole_id, placed.id);
    },
    [url],
  );
  const placing = usePlaceOnMap(showPlaced);
  const moveCandidate = useMoveCandidate();

  const mode: GlobeMode = url.regionId ? { mode: "region", regionId: url.regionId } : { mode: "overview" };

  // A region the URL names that no longer exists (its last photo deleted, a stale link): back to
  // the overview. A missing photo needs nothing: no selection, no panel, until the next click.
  const regionGone =
    regions.isSuccess && url.regionId !== null && !regions.data.some((r) => r.id === url.regionId);
  useEffect(() => {
    if (regionGone) url.showPole(null, null, null);
  }, [regionGone, url]);

  // After uploads: new photos join poles (markers, timelines) and regions.
  const refreshPhotos = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: imageKeys.all });
    void queryClient.invalidateQueries({ queryKey: regionKeys.all });
    void queryClient.invalidateQueries({ queryKey: poleKeys.all });
    void queryClient.invalidateQueries({ queryKey: storageKeys.usage });
  }, [queryClient]);
  const onPhotoDeleted = useCallback(
    (photoId: string) => {
      dropPhotoFromTimelines(queryClient, photoId);
      void refreshPoles(queryClient);
      void queryClient.invalidateQueries({ queryKey: storageKeys.usage });
    },
    [queryClient],
  );

  const activeWorkspace = useWorkspaces().data?.active.id;
  const queueOwner = useMemo(
    () => (user ? { userId: user.id, workspaceId: activeWorkspace ?? null } : null),
    [user, activeWorkspace],
  );
  const queue = useUploadQueue(queueOwner, refreshPhotos);

  const logout = useCallback(async () => {
    try {
      await signOut();
    } catch (e) {
      console.error("Sign-out failed", e);
    }
    // Photos still waiting belong to this user: they must not stay on a shared device. A browser
    // store that does not answer must not keep the user signed in on screen.
    if (user)
      await uploadQueue
        .clearUser(user.id, CLEAR_QUEUE_TIMEOUT_MS)
        .catch((e: unknown) => console.error("Queue not cleared", e));
    await navigate("/login");
  }, [signOut, navigate, user]);

  return (
    <Box sx={{ display: "flex", height: "100vh", overflow: "hidden" }}>
      <MapSidebar
        onUpload={may.canEdit ? () => setUploadOpen(true) : undefined}
        onUnplaced={() => setUnplacedOpen(true)}
        onLogout={() => void logout()}
        queue={<UploadQueueNavItem entries={queue.entries} sendNow={queue.sendNow} remove={queue.remove} />}
        regionId={url.regionId}
        onOpenPole={picked.openPole}
      />
      <Box ref={main} component="main" sx={{ flex: 1, position: "relative", minWidth: 0 }}>
        {/* The screen's name for a screen reader, and where a change of route puts the keyboard. */}
        <Typography component="h1" sx={VISUALLY_HIDDEN}>
          {mapScreenTexts.navMap}
        </Typography>
        <LazyGlobeView
          regions={regions.data ?? NO_REGIONS}
          regionsAnswered={regions.isFetched}
          poles={regionPoles.data ?? null}
          mode={mode}
          selectedPhoto={selection?.photo ?? null}
          selectedPole={poleAlone}
          highlightedPoleId={moveCandidate}
          hiddenRisks={legend.hidden}
          legendMode={legend.mode}
          basemaps={basemaps.data}
          pickingPosition={placing.photo !== null}
          onPositionPicked={placing.picked}
          onRegionClick={url.openRegion}
          onPoleClick={picked.openPole}
          renderSearch={(goTo) => (
            <MapSearch
              regions={regions.data ?? NO_REGIONS}
              poles={regionPoles.data ?? null}
              compact={compact}
              goTo={goTo}
            />
          )}
          onPoleFound={picked.openPole}
          onEmptyClick={picked.clear}
          onOverviewRequested={url.showOverview}
          coveredBottomPx={compact && record ? sheetCoverPx() : 0}
          onBasemapUnreachable={onBasemapUnreachable}
        />
        <RiskLegend
          mode={legend.mode}
          onModeChange={legend.setMode}
          hidden={legend.hidden}
          onToggle={legend.toggle}
          overdueCount={legend.overdueCount}
          collapsible={compact}
        />
        <Stack
          spacing={1}
          sx={{
            position: "absolute",
            top: 16,
            left: "50%",
            transform: "translateX(-50%)",
            width: "min(560px, 90%)",
            zIndex: 2,
          }}
        >
          <OfflineBanner />
          <EmptyWorkspaceGuide
            regionCount={regions.data?.length}
            usedBytes={usage.data?.usedBytes}
            onImport={may.canManage ? () => setImportOpen(true) : undefined}
            onUpload={may.canEdit ? () => setUploadOpen(true) : undefined}
          />
          {importOpen && <ImportPolesDialog onClose={() => setImportOpen(false)} />}
          <PlaceOnMapHint placing={placing} />
          <TrackPreviewBar />
          {unreachable && (
            <Alert
              severity="warning"
              variant="filled"
              action={
                <Button color="inherit" size="small" onClick={unreachable.useBuiltIn}>
                  {mapScreenTexts.useBuiltInBasemap}
                </Button>
              }
            >
              {mapScreenTexts.basemapUnreachable(unreachable.name)}
            </Alert>
          )}
          {regions.isError && (
            <LoadErrorAlert
              title={loadTexts.regionsFailed}
              error={regions.error}
              onRetry={() => void regions.refetch()}
            />
          )}
          {regionPoles.isError && (
            <LoadErrorAlert
              title={loadTexts.photosFailed}
              error={regionPoles.error}
              onRetry={() => void regionPoles.refetch()}
            />
          )}
          {linked.failed && (
            <LoadErrorAlert title={loadTexts.linkedPhotoFailed} error={linked.error} onRetry={linked.retry} />
          )}
          {linked.switchedTo !== null && (
            <Alert severity="info" variant="filled" onClose={linked.dismissSwitched}>
              {linkTexts.switchedTo(linked.switchedTo)}
            </Alert>
          )}
          {linked.notFound && (
            <Alert severity="warning" variant="filled" onClose={linked.dismissNotFound}>
              {loadTexts.linkedPhotoNotFound}
            </Alert>
          )}
        </Stack>
      </Box>
      <MapPoleRecord
        picked={picked}
        url={url}
        regionName={regionName}
        sheet={compact}
        onPhotoDeleted={onPhotoDeleted}
        onMoved={setMoved}
        onPlaceOnMap={placing.start}
      />
      <MoveUndoSnackbar move={moved} onClose={() => setMoved(null)} />
      <UnplacedPhotosDialog
        open={unplacedOpen}
        readOnly={!may.canEdit}
        onClose={() => setUnplacedOpen(false)}
        // A track's preview is on the globe: the dialog makes way for it.
        placeAll={(photos) => <TrackPlacement photos={photos} onPreview={() => setUnplacedOpen(false)} />}
        onPlaced={showPlaced}
        onPlaceOnMap={(photo) => {
          setUnplacedOpen(false);
          placing.start(photo);
        }}
      />
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={refreshPhotos}
        usedBytes={usage.data?.usedBytes ?? 0}
        quotaBytes={usage.data?.quotaBytes}
        cap={
          usage.data?.memberCapBytes === undefined
            ? undefined
            : { usedBytes: usage.data.memberUsedBytes ?? 0, capBytes: usage.data.memberCapBytes }
        }
        keepForLater={queue.enqueue}
        visits={may.canEdit && visitTypes ? { types: visitTypes, record: recordVisits } : undefined}
      />
    </Box>
  );
}
