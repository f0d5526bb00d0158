/**
 * The web tests that need modules of their own. Every other web test file shares its worker's
 * modules with the files before it, which halves the web tests' time (each file no longer imports
 * React, MUI and the app again). These cannot: they replace modules (`vi.mock`, which would reach
 * the files after them), stand in for the upload server under the tus client, or drive a
 * module-level state of the app's (the connection watch, the download watch, the move list's
 * candidates) that another file leaves behind. A file that fails only after others goes here.
 */
export const ISOLATED_WEB_TESTS = [
  // vi.mock
  "src/app/routes/map-screen.test.tsx",
  "src/app/routes/map-screen.first-paint.test.tsx",
  "src/app/routes/map-screen.keyboard.test.tsx",
  "src/app/routes/map-screen.poles.test.tsx",
  "src/app/routes/map-screen.record.test.tsx",
  "src/features/inspections/components/pole-findings.test.tsx",
  // The stand-in tus server
  "src/features/upload/api/resumable-upload.test.ts",
  "src/features/upload/components/take-photo-button.test.tsx",
  "src/features/upload/components/upload-dialog.heic.test.tsx",
  "src/features/upload/components/upload-dialog.metadata.test.tsx",
  "src/features/upload/components/upload-dialog.pole-choice.test.tsx",
  "src/features/upload/components/upload-dialog.tracks.test.tsx",
  "src/features/upload/components/upload-dialog.upload.test.tsx",
  "src/features/upload/components/upload-dialog.validation.test.tsx",
  "src/features/upload/components/upload-dialog.visits.test.tsx",
  // Module-level state
  "src/lib/offline/connectivity.test.ts",
  "src/lib/offline/network-quiet.test.ts",
  "src/features/poles/components/pole-fields.test.tsx",
  // The globe's preview store, which the locate section's tests also fill and clear
  "src/features/pole-import/components/import-poles-dialog.setup.test.tsx",
];
