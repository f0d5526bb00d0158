/**
 * The record's photos wired to the delete mutation: after a deletion it follows the spot's timeline, unless
 * the user selected another photo or closed the panel while the deletion ran.
 */
import { messages, type ImageRecord } from "@poleatlas/shared";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useDeleteImage } from "../api/delete-image";
import { nextAfterDeletion, selectionInTimeline, type Selection } from "../lib/selection";
import { PhotoPanel } from "./photo-panel";

export interface SelectedPhotoPanelProps {
  selection: Selection;
  onSelect: (photoId: string | null) => void;
  /** After the server deleted the photo (e.g. to refresh storage usage). */
  onDeleted?: (photoId: string) => void;
  /** What other features show about the photo (the inspection fields). */
  renderInspection?: (photo: ImageRecord) => ReactNode;
  showPeople?: boolean;
  /** Whether the caller may delete this photo (their role, who uploaded it). */
  canDelete?: (photo: ImageRecord) => boolean;
}

export function SelectedPhotoPanel({
  selection,
  onSelect,
  onDeleted,
  renderInspection,
  showPeople,
  canDelete,
}: SelectedPhotoPanelProps) {
  const [error, setError] = useState<{ photoId: string; text: string } | null>(null);
  /** Where the selection goes once a deleted photo is gone, by deleted id. */
  const nextAfter = useRef(new Map<string, string | null>());
  /** The photo shown now; null once the panel is closed. */
  const shown = useRef<string | null>(selection.photo.id);
  useEffect(() => {
    shown.current = selection.photo.id;
    return () => {
      shown.current = null;
    };
  }, [selection.photo.id]);
  const remove = useDeleteImage({
    onSuccess: (id) => {
      // A slow deletion moves the selection only if the user still looks at the deleted photo.
      if (shown.current === id && nextAfter.current.has(id)) onSelect(nextAfter.current.get(id) ?? null);
      nextAfter.current.delete(id);
      onDeleted?.(id);
    },
  });
  const { photo } = selection;
  return (
    <PhotoPanel
      photo={photo}
      timeline={selection.timeline}
      index={selection.index}
      onSelect={onSelect}
      deleting={remove.isPending}
      error={error?.photoId === photo.id ? error.text : null}
      inspection={renderInspection?.(photo)}
      showPeople={showPeople}
      canDelete={canDelete?.(photo) ?? true}
      onDelete={(photoId) => {
        setError(null);
        // The photo the confirm asked about, which need not be the one shown now.
        const asked = selectionInTimeline(selection.timeline, photoId);
        nextAfter.current.set(photoId, asked ? (nextAfterDeletion(asked)?.id ?? null) : null);
        remove.mutate(photoId, {
          onError: (e) => {
            nextAfter.current.delete(photoId);
            console.error("Deleting a photo failed", e);
            setError({ photoId, text: messages.deleteFailed });
          },
        });
      }}
    />
  );
}
