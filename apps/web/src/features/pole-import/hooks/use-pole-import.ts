/**
 * The import dialog's state: the file, its coordinate system and column mapping, the dry run and
 * the import. A change of system or mapping checks the file again; a refusal keeps the file, the
 * system and the mapping, so the user corrects one thing rather than starting over.
 */
import {
  POLE_IMPORT_DEFAULT_MAX_MB,
  POLE_IMPORT_FILE_TYPES,
  poleImportDialogTexts as texts,
  type PoleImportResult,
  type ImportMapping,
} from "@poleatlas/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { refreshPoles } from "../../poles";
import { importPoles } from "../api/import-poles";
import { WGS84, type CrsChoice } from "../components/crs-field";

export type Phase = "pick" | "checking" | "checked" | "importing" | "done";

/** What the user chose besides the file; the mapping is null until a dry run answered one. */
export interface ImportSettings {
  crs: CrsChoice;
  mapping: ImportMapping | null;
  /** Clear what the file has no column for on the poles it updates (off: keep it). */
  clearMissing: boolean;
}

/** Why the file is refused before anything is sent, or null. */
export function fileProblem(file: File, maxMb = POLE_IMPORT_DEFAULT_MAX_MB): string | null {
  const name = file.name.toLowerCase();
  if (!POLE_IMPORT_FILE_TYPES.some((ext) => name.endsWith(ext))) return texts.wrongType(file.name);
  if (file.size > maxMb * 1024 * 1024) return texts.tooBig(maxMb);
  return null;
}

/** A zipped Shapefile: its .prj says the coordinate system, none is sent. */
/** A zipped Shapefile (its .prj) and a GeoPackage (its layer's system) say their own system. */
export const namesOwnSystem = (file: File | null) => /\.(zip|gpkg)$/i.test(file?.name ?? "");

export function usePoleImport() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("pick");
  const [progress, setProgress] = useState(0);
  const [dry, setDry] = useState<PoleImportResult | null>(null);
  const [done, setDone] = useState<PoleImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [settings, setSettings] = useState<ImportSettings>({
    crs: WGS84,
    mapping: null,
    clearMissing: false,
  });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const send = async (chosen: File, dryRun: boolean, using: ImportSettings) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    setError(null);
    setPhase(dryRun ? "checking" : "importing");
    try {
      const result = await importPoles(chosen, {
        dryRun,
        onProgress: setProgress,
        signal: controller.signal,
        crs: namesOwnSystem(chosen) ? null : using.crs.code,
        mapping: using.mapping,
        clearMissing: using.clearMissing,
      });
      if (dryRun) {
        setDry(result);
        // The import then sends what this check used: what was shown is what is written.
        if (Object.keys(result.mapping).length > 0) setSettings({ ...using, mapping: result.mapping });
        setPhase("checked");
      } else {
        setDone(result);
        setPhase("done");
        await refreshPoles(queryClient);
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : texts.failed);
      if (dryRun) setDry(null);
      setPhase(dryRun ? "pick" : "checked");
    }
  };

  const choose = (chosen: File) => {
    setDry(null);
    setDone(null);
    setFile(chosen);
    // Another file has other columns; the system stays, registers of one utility share it.
    const next = { ...settings, mapping: null };
    setSettings(next);
    const problem = fileProblem(chosen);
    if (problem) {
      setError(problem);
      setPhase("pick");
      return;
    }
    void send(chosen, true, next);
  };

  /** A new system or mapping: kept, and the file checked again with it. */
  const change = (patch: Partial<ImportSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    if (file && !fileProblem(file)) void send(file, true, next);
  };

  const importNow = () => {
    if (file) void send(file, false, settings);
  };

  const stop = () => running.current?.abort();

  return { file, phase, progress, dry, done, error, settings, choose, change, importNow, stop };
}
