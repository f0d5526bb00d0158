/**
 * The map's side panel as composed from the features: the selected pole's record (its photos
 * with the shown photo's actions, visits, findings, history), or while none is shown what the
 * selection is doing (loading, failed, gone).
 */
import { PhotoPanelStatus, SelectedPhotoPanel, BlurTool } from "../../features/images";
import { PoleFindings, PoleVisits } from "../../features/inspections";
import { MeasureDialog } from "../../features/measure";
import {
  hasOpenFinding,
  InspectionFields,
  LocateSection,
  PoleFields,
  PoleRecordPanel,
  poleRowSelector,
  type PoleMove,
} from "../../features/poles";
import { usePermissions } from "../../features/workspaces";
import type { ImageRecord } from "@poleatlas/shared";
import { useState } from "react";
import type { PoleSelection } from "./pole-selection";
import type { MapUrl } from "./use-map-url";

export interface MapPoleRecordProps {
  picked: PoleSelection;
  url: MapUrl;
  regionName: string | null;
  sheet: boolean;
  onPhotoDeleted: (photoId: string) => void;
  onMoved: (move: PoleMove) => void;
  onPlaceOnMap: (photo: ImageRecord) => void;
}

export function MapPoleRecord(props: MapPoleRecordProps) {
  const { picked, url, regionName, sheet, onPhotoDeleted, onMoved, onPlaceOnMap } = props;
  const may = usePermissions();
  const { record, selection } = picked;
  const pole = record?.pole ?? null;
  const [measuring, setMeasuring] = useState<string | null>(null);
  return (
    <>
      {!record && picked.status.state !== "none" && (
        <PhotoPanelStatus
          failed={picked.status.state === "failed" ? picked.status : undefined}
          gone={picked.status.state === "gone"}
          onClose={picked.clear}
          sheet={sheet}
        />
      )}
      {record && pole && (
        <PoleRecordPanel
          record={record}
          regionName={regionName}
          onClose={picked.clear}
          // Opened by a click on the globe: the pole's row in the region's list, else the map.
          focusOnClose={() => [poleRowSelector(pole.id), "main"]}
          canEdit={may.canEdit}
          sheet={sheet}
          onOpenPhoto={url.selectPhoto}
          onMeasure={() => setMeasuring(pole.id)}
          photos={
            selection && (
              <SelectedPhotoPanel
                selection={selection}
                onSelect={url.selectPhoto}
                onDeleted={onPhotoDeleted}
                showPeople={may.inTeam}
                canDelete={may.canDelete}
                renderInspection={(photo) => (
                  <>
                    <InspectionFields
                      key={photo.id}
                      photo={photo}
                      readOnly={!may.canEdit}
                      assessmentOnly={hasOpenFinding(record)}
                    />
                    {may.canEdit && (
                      <PoleFields
                        photo={photo}
                        pole={pole}
                        regionId={url.regionId}
                        onMoved={onMoved}
                        onPlaceOnMap={onPlaceOnMap}
                      />
                    )}
                    {may.canEdit && <BlurTool key={`blur-${photo.id}`} photo={photo} />}
                  </>
                )}
              />
            )
          }
          visits={
            <PoleVisits
              key={pole.id}
              poleId={pole.id}
              canEdit={may.canEdit}
              stateByType={pole.inspection.types ?? []}
            />
          }
          locate={may.canEdit && <LocateSection key={`locate-${pole.id}`} pole={pole} />}
          findings={
            <PoleFindings
              key={`findings-${pole.id}`}
              poleId={pole.id}
              photo={selection?.photo ?? null}
              readOnly={!may.canEdit}
            />
          }
        />
      )}
      {pole && may.canEdit && (
        <MeasureDialog
          key={`measure-${pole.id}`}
          poleId={pole.id}
          open={measuring === pole.id}
          onClose={() => setMeasuring(null)}
        />
      )}
    </>
  );
}
