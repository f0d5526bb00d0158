/**
 * Texts the product spec does not word (it only logs these failures). Kept here, in one place,
 * until they join packages/shared/src/messages.ts.
 */
export const loadTexts = {
  retry: "Retry",
  regionsFailed: "Could not load your regions.",
  photosFailed: "Could not load this region's photos.",
  usageFailed: "Could not load your storage usage.",
  linkedPhotoFailed: "Could not open the linked photo.",
  poleLoading: "Loading the pole's photos…",
  poleFailed: "Could not load this pole's photos.",
  linkedPhotoNotFound: "That photo was not found: it may have been deleted, or it is not yours.",
  globeLoading: "Loading the globe…",
};

/** The installable app: offline banner and update prompt. */
export const offlineTexts = {
  /** `at` is the time the oldest answer on screen was stored. */
  offlineSince: (at: string) => `Offline — showing data from ${at}`,
  offline: "Offline — showing the data last seen on this device",
  /** The network is up, but the server does not answer. */
  serverDownSince: (at: string) => `The server does not answer — showing data from ${at}`,
  serverDown: "The server does not answer — showing the data last seen on this device",
  updateReady: "A new version of PoleAtlas is ready.",
  reload: "Reload",
};
