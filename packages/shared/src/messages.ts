/**
 * Every user-facing text of the product specification (errors and notices), copied exactly.
 * Texts with numbers in them are functions so the numbers come from one place.
 */
import { QUOTA_MB } from "./constants";

export const messages = {
  // §5 validation
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters long",
  emailRequired: "Please enter your email address",
  unsupportedFilesRemoved: "Only JPEG and PNG files are allowed. GIFs and other formats have been removed.",
  onlyJpegPng: "Only JPEG and PNG files are allowed",
  noFilesSelected: "Please select at least one file",
  acknowledgeWarning: "Please acknowledge the warning before proceeding",
  noGps: "No GPS coordinates found",
  noOriginalDate: "No original date/time found",
  imageNameRequired: "Image name is required",
  imageMetadataRequired: "Image metadata is required",
  uploadWouldExceed: (currentMB: number, resultMB: number, quotaMB: number = QUOTA_MB) =>
    `Upload would exceed storage limit. Current usage: ${currentMB}MB/${quotaMB}MB. Upload would result in ${resultMB}MB.`,

  // §8 error catalogue
  invalidCredentials: "Invalid email or password",
  providerInvalidCredentials: "Invalid login credentials",
  signUpSuccess: "Account created! Please check your email for confirmation.",
  resetEmailSent: "Password reset instructions have been sent to your email",
  /** `quotaMB`: the active workspace's quota (a team's pool), or the member's cap where that is what is full. */
  quotaExceeded: (usedMB: number, quotaMB: number = QUOTA_MB) =>
    `Storage limit exceeded. You have used ${usedMB}MB of ${quotaMB}MB. Please reach out to your administrator to increase your storage limit.`,
  bucketMissing: "Storage bucket not found. Please contact your administrator.",
  notAuthenticated: "User not authenticated",
  uploadFailed: "Failed to upload images. Please try again.",
  deleteFailed: "Failed to delete image. Please try again.",
  resetLinkExpired: "Your password reset link has expired. Please request a new one.",
  resetLinkUsedOrInvalid:
    "This password reset link has already been used or is invalid. Please request a new one.",
  resetLinkInvalid: "Invalid password reset link. Please request a new one.",
  resetTokenMissing: "No reset token found. Please request a new password reset link.",
  resetFallback: "Invalid or expired password reset link",
  resetSuccess: "Password has been reset successfully",

  // Not in the spec (it has no server side): what the photos API and the EXIF reader say when a
  // file is empty or broken.
  imageEmpty: "The file is empty.",
  imageUnreadable: "The image file is damaged or incomplete and cannot be read.",
  metadataUnreadable: "The photo's metadata could not be read",
  imageNotFound: "Image not found",
  invalidRegion: "Unknown region",
  poleNotFound: "Pole not found",
  poleTagTaken: (tag: string) => `Another pole of this workspace already has the tag ${tag}`,
  photoUnplaced: "This photo has no location yet: give it coordinates first.",
  invalidLastModified: "lastModified must be a time in milliseconds since 1970",
  invalidTimezoneOffset: "timezoneOffset must be whole minutes between -840 and 840",
  invalidCursor: "This page link is not valid any more. Please reload the list.",
  /** Any text of a request holding NUL or half of a UTF-16 pair: nothing can store it. */
  unstorableText: (field: string) =>
    `Invalid ${field}: text may not contain NUL characters or unpaired surrogates`,
  /** A warning in the upload dialog: the camera's date is before 1900 or in the future. */
  implausibleOriginalDate: "The original date/time is before 1900 or in the future and was ignored",
  tooManyUploads: (max: number) =>
    `Too many uploads at once: at most ${max} at a time. Please wait for the others to finish and try again.`,
  // Live updates (ours): a stream asked for another workspace, and a member removed while watching.
  notAMember: "You are not a member of this workspace.",
  removedFromTeam: (team: string) => `You were removed from ${team}`,
} as const;

/**
 * The auth screens' own texts. Labels named in the spec (§2, §4) are copied exactly; the rest
 * (marked) are ours where the spec has a server the product lacked.
 */
export const authTexts = {
  loginTab: "Login",
  signUpTab: "Sign Up",
  signInButton: "Sign In",
  signUpButton: "Sign Up",
  processing: "Processing...",
  loading: "Loading...",
  newPassword: "New Password",
  confirmNewPassword: "Confirm New Password",
  resetPasswordButton: "Reset Password",
  resettingPassword: "Resetting Password...",
  backToLogin: "Back to Login",
  requestNewResetLink: "Request a new password reset link",
  // Ours (not in the spec):
  emailLabel: "Email",
  passwordLabel: "Password",
  confirmPasswordLabel: "Confirm Password",
  forgotPassword: "Forgot password?",
  forgotPasswordTitle: "Forgot your password?",
  forgotPasswordHelp:
    "Enter the email address of your account and we will send you a link to choose a new password.",
  sendResetLink: "Send reset link",
  resetPasswordTitle: "Choose a new password",
  emailConfirmed: "Your email address is confirmed. You can sign in now.",
  confirmationLinkInvalid: "This confirmation link is invalid or has expired. Sign in to receive a new one.",
  emailNotConfirmed: "Please confirm your email address first: we have sent you a new confirmation link.",
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  // Sign-in bodies the account lock could not read: only other clients than ours send them.
  signInNeedsJson: "Sign-in takes a JSON body (Content-Type: application/json).",
  signInNeedsEmail: "Enter your email address and password.",
  /** On /login after a Logout made offline, until the server has ended the session. */
  signOutPending: "You are signed out on this device. The sign-out finishes when the device is online.",
} as const;

/** The upload dialog's own texts, copied exactly from the product specification. */
export const uploadDialogTexts = {
  title: "Upload Images",
  dropIdle: "Drag & drop images here",
  dropActive: "Drop the files here",
  uploadButton: "Upload Images",
  cancelButton: "Cancel",
  storageUsage: (usedMB: number, quotaMB: number = QUOTA_MB) => `Storage Usage: ${usedMB} MB / ${quotaMB}MB`,
  missingMetadataTitle: "Important: Missing Metadata",
  acknowledgeLabel: "I understand the implications and want to proceed with the upload",
  cancelUpload: "Cancel Upload",
  proceedWithUpload: "Proceed with Upload",
} as const;

/**
 * The map screen, side panel and upgrade page. Texts the spec names are copied
 * exactly; the rest (marked) are ours where the spec names no words.
 */
export const mapScreenTexts = {
  navMap: "Map",
  navUpload: "Upload Images",
  navLogout: "Logout",
  upgradeToPro: "Upgrade to Pro for More Storage",
  legendTitle: "Risk Levels",
  lowRisk: "Low Risk",
  mediumRisk: "Medium Risk",
  highRisk: "High Risk",
  date: "Date",
  location: "Location",
  noDate: "No date available",
  noLocation: "No location data available",
  upgradeTitle: "Upgrade Your Storage",
  upgradePrice: "$10/month",
  upgradeStorage: "Get 50GB of storage for your data",
  upgradeNow: "Upgrade Now",
  backToMap: "Back to Map",
  // Ours (not in the spec):
  /** The legend's toggles, named apart from the panel's rating buttons that show the same words. */
  legendToggleNames: {
    low: "Show low-risk poles",
    medium: "Show medium-risk poles",
    high: "Show high-risk poles",
    unrated: "Show poles not rated",
  },
  /** The globe's base layer button when Cesium gives it no tooltip. */
  baseLayerButton: "Base layer",
  storageTitle: "Storage Usage",
  storageUsed: (usedMB: number, quotaMB: number = QUOTA_MB) => `${usedMB} MB of ${quotaMB} MB`,
  /** In a team where the member has a cap: their own photos there against it. */
  memberCapUsed: (usedMB: number, capMB: number) => `Your cap in this team: ${usedMB} MB of ${capMB} MB`,
  timeline: "Timeline",
  timelineStep: (n: number, total: number) => `Photo ${n} of ${total}`,
  /** The chosen base layer's tiles do not load (no internet, its server down). */
  basemapUnreachable: (layer: string) => `The base layer '${layer}' cannot be reached.`,
  /** Switches back to the base layer that ships with the app. */
  useBuiltInBasemap: "Use Natural Earth II",
  /** A region's marker while the legend hides some risk levels: the poles still shown. */
  regionPolesShown: (name: string, shown: number, total: number) => `${name} (${shown} of ${total} poles)`,
  deletePhoto: "Delete image",
  deleteConfirmTitle: "Delete image?",
  deleteConfirmText: "Are you sure you want to delete this image? This cannot be undone.",
  deleteConfirm: "Delete",
  cancel: "Cancel",
  closePanel: "Close",
  openMenu: "Open menu",
  takePhoto: "Take Photo",
  paymentLater: "Payment processing will be implemented later.",
} as const;

/** The upload queue: photos kept while there is no connection. Ours, not the spec's. */
export const uploadQueueTexts = {
  navWaiting: (n: number) => `${n} waiting`,
  navFailed: (n: number) => `${n} refused`,
  queued: "Kept for later: it is sent when the connection is back.",
  title: "Waiting uploads",
  intro: "These photos are kept on this device and sent when the connection is back.",
  waiting: "Waiting for a connection",
  sendNow: "Send now",
  remove: "Remove",
  /** The Remove button's name for a screen reader: which photo it removes. */
  removeOne: (name: string) => `Remove ${name}`,
  close: "Close",
} as const;

/**
 * The pole register's import: the file-level refusals (a 400 for the whole file) and each
 * rejected row's reason, in plain words for the person who exported the register.
 */
export const poleImportTexts = {
  noFile: "Choose a file to import: a CSV, a GeoJSON or a zipped Shapefile.",
  unknownFormat:
    "This file is not a CSV, a GeoJSON or a zipped Shapefile (.zip with .shp, .dbf, .shx and .prj).",
  csvNoCoordinates:
    "The CSV has no latitude/longitude columns: name them lat/latitude/y and lon/lng/long/longitude/x.",
  csvUnreadable: (detail: string) => `The CSV could not be read: ${detail}`,
  geojsonUnreadable: "The GeoJSON could not be read: it must be a FeatureCollection of Points.",
  zipUnreadable: "The zip file could not be read.",
  zipNoShapefile: "The zip holds no Shapefile: it needs a .shp with its .dbf and .prj beside it.",
  shapefileNoPrj: "The Shapefile has no .prj: without its coordinate system its positions cannot be placed.",
  shapefileBadPrj: (detail: string) =>
    `The Shapefile's .prj could not be read (${detail}): its positions cannot be placed. Export it again with a standard coordinate system (e.g. EPSG:4326).`,
  shapefileNotPoints: (type: string) =>
    `The Shapefile holds ${type} shapes: only points can be imported as poles.`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  // Row reasons.
  noCoordinates: "no coordinates",
  notANumber: (column: string, value: string) => `${column} ${value} is not a number`,
  latitudeOutOfRange: (value: number) => `latitude ${value} is out of range`,
  longitudeOutOfRange: (value: number) => `longitude ${value} is out of range`,
  notAPoint: (type: string) => `the geometry is a ${type}, not a Point`,
  tagTwice: (tag: string) => `tag ${tag} appears twice in this file`,
  tooLong: (column: string, max: number) => `${column} is longer than ${max} characters`,
  badMaterial: (value: string, allowed: readonly string[]) =>
    `material ${value} is not one of ${allowed.join(", ")}`,
  outOfRange: (column: string, value: string, min: number, max: number) =>
    `${column} ${value} is out of range (${min}–${max})`,
  attributesTooLarge: "the other columns are larger than 4 KB together",
  columnCount: (got: number, want: number) => `has ${got} columns where the header has ${want}`,
} as const;

/** Face blurring: the workspace setting and the photo panel's manual blur tool. */
export const privacyTexts = {
  sectionTitle: "Privacy",
  blurFacesLabel: "Blur faces in new photos",
  blurFacesHelp:
    "Faces are found and blurred before a photo is stored; the unblurred photo is never kept. License plates are not detected: blur them by hand.",
  blurTool: "Blur areas",
  blurToolHelp: "Drag over the photo to mark each area to blur.",
  blurApply: "Blur marked areas",
  blurClear: "Clear",
  blurCancel: "Cancel",
  blurConfirmTitle: "Blur these areas?",
  blurConfirmBody: (n: number) =>
    `${n} ${n === 1 ? "area" : "areas"} will be blurred in the photo and its thumbnail. This cannot be undone.`,
  blurConfirm: "Blur",
  blurDone: "The marked areas are blurred.",
  blurFailed: "Could not blur the photo. Try again.",
  blurredSummary: (faces: number, manual: number) =>
    `Blurred: ${faces} ${faces === 1 ? "face" : "faces"}, ${manual} by hand`,
  boxOutside: "An area lies outside the photo.",
  settingsSaved: "Settings saved.",
} as const;
