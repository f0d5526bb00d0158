/**
 * Every user-facing text of the product specification (errors and notices), copied exactly.
 * Texts with numbers in them are functions so the numbers come from one place.
 */
import { MIN_PASSWORD_LENGTH, QUOTA_MB } from "./constants";

export const messages = {
  /** The photo panel's and the KML export's heading: "looking NE, 47°". */
  lookingToward: (point: string, degrees: number) => `looking ${point}, ${degrees}°`,
  // §5 validation
  passwordsDoNotMatch: "Passwords do not match",
  // The spec's text, with the length the product asks now.
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  // Ours: the second half of the password rule (the server checks it).
  passwordTooCommon: "This password is one of the most common passwords. Please choose another.",
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
  imageTooManyPixels: (megapixels: number, maxMegapixels: number) =>
    `This photo has ${megapixels} megapixels; photos of up to ${maxMegapixels} megapixels are accepted. Save it at a smaller size and upload it again.`,
  metadataUnreadable: "The photo's metadata could not be read",
  imageNotFound: "Image not found",
  uploadNotFound: "Upload not found",
  uploadIncomplete: "This upload has not received all its bytes yet.",
  uploadFileNameRequired: "A resumable upload needs its filename and filetype in Upload-Metadata",
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
  tooManyOpenUploads: (max: number) =>
    `Too many unfinished uploads: at most ${max} at a time. Let the others finish, or cancel some, and try again.`,
  // Live updates (ours): a stream asked for another workspace, one stream too many for one user,
  // and a member removed while watching.
  notAMember: "You are not a member of this workspace.",
  tooManyEventStreams: (max: number) =>
    `Too many live-update connections: at most ${max} at a time. Close other tabs of the app and try again.`,
  removedFromTeam: (team: string) => `You were removed from ${team}`,
  /** 412 on a PATCH whose If-Match is stale: the answer carries the record as it is now. */
  editConflict: "Someone else changed this since you opened it.",
} as const;

/** Two people changed the same photo or pole: the dialog that lets the second one choose. */
export const conflictTexts = {
  photoTitle: "Someone changed this photo meanwhile",
  poleTitle: "Someone changed this pole meanwhile",
  /** `who`: an e-mail, or null when not known; `when`: a formatted time. */
  changedBy: (who: string | null, when: string | null) =>
    `${who ?? "A teammate"} changed it${when ? ` at ${when}` : ""}. Your change was not saved.`,
  notes: "Notes",
  rating: "Rating",
  label: "Pole label",
  theirs: "Theirs (saved)",
  yours: "Yours (not saved)",
  empty: "(empty)",
  keepTheirs: "Keep theirs",
  useMine: "Use mine",
} as const;

/** A photo link opened while another workspace was active in this tab. */
export const linkTexts = {
  switchedTo: (name: string) => `Switched to ${name} to open this photo.`,
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
  /** Under a new password's field on Sign Up and on the reset page. */
  passwordRule: `At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most common passwords.`,
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
  /** The panel's capture time on the clocks where the photo was taken, and the camera's heading. */
  localTime: "Local time",
  heading: "Heading",
  /** The photo panel's link to the file as uploaded (a HEIC kept beside its JPEG). */
  downloadOriginal: (type: string) => `Download original (${type})`,
  /** The legend's toggles, named apart from the panel's rating buttons that show the same words. */
  legendToggleNames: {
    low: "Show low-risk poles",
    medium: "Show medium-risk poles",
    high: "Show high-risk poles",
    unrated: "Show poles not rated",
  },
  /** The globe's base layer button when Cesium gives it no tooltip. */
  baseLayerButton: "Base layer",
  /** The globe's info box: its frame (the selected photo's date and place) and its buttons. */
  infoBox: {
    frame: "Selected photo details",
    close: "Close the details",
    camera: "Follow the selected pole with the camera",
  },
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
  /** The drawer the menu button opens on narrow screens. */
  menu: "Menu",
  takePhoto: "Take Photo",
  paymentLater: "Payment processing will be implemented later.",
} as const;

/** Reaching the map's poles by keyboard: the region's pole list, the skip link, the search box. */
export const mapNavigationTexts = {
  /** The first stop of the Tab key on the map screen. */
  skipLink: "Skip to map content",
  /** The globe's search box: what it finds. */
  searchLabel: "Search poles by tag or label, or places",
  searchPlaceholder: "Tag, label or place",
  poleListTitle: (count: number) => `Poles in this region (${count.toLocaleString("en-US")})`,
  poleListLabel: "Poles in this region, in tag order. Arrow keys move, Enter opens the pole.",
  poleListLoading: "Loading poles…",
  poleListEmpty: "No poles in this region.",
  /** A pole with neither tag nor label, named by its place (about a metre at 5 decimals). */
  poleAt: (latitude: number, longitude: number) => `Pole at ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`,
  /** Beside a pole's risk in the list (the legend's words for the rest). */
  overdueHint: "Overdue finding",
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

/** Inspections: findings, the work list, the dashboard, the settings. Ours, not the spec's. */
export const inspectionTexts = {
  findingNotFound: "Finding not found",
  regionNotFound: "Region not found",
  alreadyResolved: "This finding is already resolved.",
  unknownCode: (code: string) => `'${code}' is not in this workspace's code list.`,
  photoNotOnPole: "That photo does not belong to this pole.",
  dueDateTooLate: "The date to fix it by would fall after 9999-12-31: check the date it was observed.",
  observedInFuture: (latest: string) => `A finding cannot be observed in the future (after ${latest}).`,
  resolvedInFuture: (latest: string) => `A finding cannot be resolved in the future (after ${latest}).`,
  clientDateOff: (given: string, server: string) =>
    `Your device's date (${given}) is more than a day from today's (${server}, UTC): check its clock.`,
  resolvedBeforeObserved: (observed: string) =>
    `A finding cannot be resolved before it was observed (${observed}).`,
  observedOnLabel: "Observed on",
  resolvedOnLabel: "Resolved on",
  usePhotoDate: (date: string) => `Photo's date (${date})`,
  useToday: "Today",
  dateInFuture: "Not after today",
  dateBeforeObserved: (observed: string) => `Not before it was observed (${observed})`,
  takeRepairPhoto: "Take a photo",
  chooseRepairFile: "Choose a new photo",
  pickPolePhoto: "Or one of the pole's photos",
  repairPhotoChosen: (name: string) => `New photo: ${name}`,
  repairPhotoUploading: "Uploading the photo of the repair…",
  repairPhotoStoredElsewhere: "This photo is already stored on another pole: choose or take another one.",
  personalDefaults: "A personal workspace uses the default inspection settings; a team sets its own.",
  addFinding: "Add finding",
  // Who a finding goes to: the add form and the work list share these.
  assignTo: "Assign to",
  unassigned: "Unassigned",
  me: "Me",
  findings: "Findings",
  noFindings: "No findings",
  code: "Code",
  level: "Level",
  levelName: (level: number) => `Level ${level}`,
  notes: "Notes",
  save: "Save",
  cancel: "Cancel",
  resolve: "Resolve",
  resolveTitle: "Resolve finding",
  actionTaken: "Action taken",
  repairPhoto: "Photo of the repair (optional)",
  noRepairPhoto: "None",
  resolvedOn: (date: string, action: string) => `Resolved ${date}: ${action}`,
  due: (date: string) => `Due ${date}`,
  overdue: "Overdue",
  open: "Open",
  resolved: "Resolved",
  all: "All",
  workList: "Work list",
  dashboard: "Dashboard",
  exportCsv: "Export CSV",
  poleTag: "Pole tag",
  region: "Region",
  observed: "Observed",
  dueColumn: "Due",
  status: "Status",
  who: "Who",
  overdueOnly: "Overdue only",
  anyLevel: "Any level",
  anyRegion: "Any region",
  regionReport: "Region report (PDF)",
  annualReport: "Annual report",
  annualReportYear: "Year",
  annualReportPdf: "PDF",
  annualReportCsv: "CSV",
  annualReportFile: (year: number, format: string) => `Annual report ${year} (${format})`,
  openFindings: "Open findings",
  overdueFindings: "Overdue findings",
  resolved12m: "Resolved in the last 12 months",
  inspectionDue: "Inspection due",
  inspectionOverdue: "Inspection overdue",
  inspectionCurrent: "Inspected",
  neverInspected: "No inspection on record",
  openByMonth: "Open findings by level, last 12 months",
  flowByMonth: "Findings opened and closed, last 12 months",
  opened: "Opened",
  closed: "Closed",
  ageing: "Open findings by age",
  ageingBuckets: {
    upTo30: "0–30 days",
    upTo90: "31–90 days",
    upTo365: "91–365 days",
    over365: "More than 365 days",
  },
  openOverdue: (open: number, overdue: number) => `${open} open, ${overdue} overdue`,
  polesByInspection: "Poles by inspection state per region",
  legendCondition: "Condition",
  legendInspection: "Inspection due",
  legendViews: "Legend view",
  settingsTitle: "Inspection settings",
  settingsCodes: "Codes (one per line: code: description)",
  settingsAllowance: (level: number) => `Days to fix, level ${level}`,
  settingsSaved: "Settings saved.",
  settingsInvalid: "Check the codes (slug: description, each once), days (0–36,500) and years (1–100).",
  legendOverdueToggle: "Show poles with overdue findings",
  legendInspectionNames: {
    current: "Current",
    due: "Due",
    overdue: "Overdue",
    never: "No inspection on record",
  },
  legendInspectionToggles: {
    current: "Show poles inspected within the cycle",
    due: "Show poles due for inspection",
    overdue: "Show poles overdue for inspection",
    never: "Show poles with no inspection on record",
  },
  loadFailed: "Could not load. Please try again.",
  backToMap: "Back to map",
  pickRegion: "Pick a region for its report",
  total: "Total",
} as const;

/** Inspection visits: the pole's record of them, the dialog that records one, their import. */
export const visitTexts = {
  visits: "Inspection visits",
  noVisits: "No inspection on record",
  record: "Record visit",
  recordTitle: "Record an inspection visit",
  type: "Type",
  date: "Inspected on",
  inspector: "Inspector",
  result: "Result",
  results: { "no-defects": "No defects found", findings: "Findings" },
  notes: "Notes",
  save: "Save visit",
  cancel: "Cancel",
  saved: "Visit recorded.",
  sources: {
    app: "Recorded in the app",
    imported: "Imported",
    photos: "From photo dates (before visits were recorded)",
  },
  resultUnknown: "Result not recorded",
  loadFailed: "Could not load the visits. Please try again.",
  futureDate: "An inspection cannot be dated in the future.",
  unknownType: (code: string) => `'${code}' is not one of this workspace's inspection types.`,
  findingNotOnPole: "A finding named is not one of this pole's findings.",
  photoNotOnPole: "A photo named is not one of this pole's photos.",
  typesInUse: (codes: string) =>
    `Visits are recorded with the inspection type ${codes}: keep it (rename it if you like) or its visits lose their cycle.`,
  settingsTypes: "Inspection types (one per line: code: name: cycle in years)",
  settingsTypesInvalid: "Check the inspection types (code: name: years, each code once, years 1–100).",
  importNoDay: "The row names an inspection type but no day: fill last_inspected_on (YYYY-MM-DD).",
  importBadDay: (day: string) => `'${day}' is not a day: last_inspected_on is YYYY-MM-DD.`,
  importUnknownType: (type: string, types: readonly string[]) =>
    type === ""
      ? `Say which inspection it was in last_inspection_type: one of ${types.join(", ")}.`
      : `'${type}' is not one of this workspace's inspection types (${types.join(", ")}).`,
  importNeedsTag: "A row with a last inspection needs a tag, so the visit has its pole.",
  historyNoFile: "Choose a CSV of visits: tag, type, date, inspector, result (notes optional).",
  historyTooLarge: (mb: number) => `A history file is at most ${mb} MB: split it.`,
  historyColumns: (missing: string) =>
    `The CSV has no ${missing} column: name them tag, type, date, inspector, result.`,
  historyUnknownTag: (tag: string) => `No pole of this workspace has the tag '${tag}'.`,
  historyBadResult: (result: string) => `'${result}' is not a result: no-defects or findings.`,
  historyTwice: "The same visit (tag, type, date) is in the file twice.",
  historyNotesTooLong: (max: number) => `The notes are longer than ${max} characters: shorten them.`,
  historyInspectorTooLong: (max: number) => `The inspector's name is longer than ${max} characters.`,
  uploadOption: (type: string) => `Record a ${type} visit for the poles in these photos`,
  uploadResult: "What the visits found",
  uploadNeedsResult: "Say what the visits found (no defects or findings), or untick the visit option.",
  uploadRecorded: (visits: number, uncounted: number) =>
    `${visits} ${visits === 1 ? "visit" : "visits"} recorded` +
    (uncounted === 0
      ? ""
      : `; ${uncounted} ${uncounted === 1 ? "photo has" : "photos have"} no date or position`),
  uploadVisitsFailed: (left: number) =>
    `${left} ${left === 1 ? "visit" : "visits"} could not be recorded. The photos are stored: retry to record ${left === 1 ? "it" : "them"}.`,
  retry: "Retry",
  /** The record's line per inspection type: the last visit, the due day and how late. */
  stateTitle: "Inspection state",
  typeLine: (name: string, last: string) => `${name} — Last visit: ${last}`,
  never: "Never",
  dueLate: (day: string, late: number) =>
    late === 0 ? `due ${day}, due today` : `due ${day}, ${late} ${late === 1 ? "day" : "days"} late`,
  dueIn: (day: string, left: number) => `due ${day}, in ${left} ${left === 1 ? "day" : "days"}`,
  notDue: "no inspection of this type on record",
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
    "The CSV has no latitude/longitude columns: name them lat/latitude and lon/lng/long/longitude, or x/y (easting/northing) with their coordinate system, or map them.",
  badCrs: (value: string) => `"${value}" is not a coordinate system: name it as EPSG:<code>, e.g. EPSG:2227.`,
  unknownCrs: (code: string) =>
    `The coordinate system ${code} is not known: choose one from the list of coordinate systems.`,
  crsNotForPoints: (code: string) =>
    `The coordinate system ${code} cannot place points on the map: choose a projected or geographic system.`,
  badMapping: (detail: string) => `The column mapping could not be read: ${detail}.`,
  mappingFieldTwice: (field: string, first: string, second: string) =>
    `The columns ${first} and ${second} are both mapped to ${field}: map one of them elsewhere.`,
  mappingHalfCoordinates: (has: string, lacks: string) =>
    `The mapping has a ${has} column but no ${lacks} column: map both, or neither.`,
  csvUnreadable: (detail: string) => `The CSV could not be read: ${detail}`,
  // What csvUnreadable says is wrong.
  csvQuoteNotClosed: (line: number) => `the quote opened on line ${line} is never closed`,
  csvTextAfterQuote: (line: number) => `line ${line} has text after a closing quote`,
  csvQuoteInField: (line: number) => `line ${line} has a quote inside a field that does not start with one`,
  csvRecordTooLong: (line: number, mb: number) => `the row from line ${line} is longer than ${mb} MB`,
  csvColumnTwice: (name: string) =>
    `The CSV has two columns named ${name}: rename one, so that each value goes where it belongs.`,
  geojsonUnreadable: "The GeoJSON could not be read: it must be a FeatureCollection of Points.",
  geojsonEndsEarly: "The GeoJSON could not be read: it ends before its FeatureCollection is closed.",
  geojsonInvalidAt: (byte: number) =>
    `The GeoJSON could not be read: it is not valid JSON at byte ${byte.toLocaleString("en")}.`,
  geojsonTooDeep: (max: number) =>
    `The GeoJSON is nested more than ${max} levels deep: a register's features need 5. Flatten the properties and export it again.`,
  geojsonMemberTooLarge: (mb: number) =>
    `The GeoJSON holds a feature or member larger than ${mb} MB: a pole's feature is a few hundred bytes.`,
  geojsonTooLarge: (mb: number) =>
    `The GeoJSON is larger than ${mb} MB, the most a GeoJSON register may be: send larger registers as CSV or a zipped Shapefile.`,
  zipUnreadable: "The zip file could not be read.",
  zipNoShapefile: "The zip holds no Shapefile: it needs a .shp with its .dbf and .prj beside it.",
  shapefileNoPrj: "The Shapefile has no .prj: without its coordinate system its positions cannot be placed.",
  shapefileBadPrj: (detail: string) =>
    `The Shapefile's .prj could not be read (${detail}): its positions cannot be placed. Export it again with a standard coordinate system (e.g. EPSG:4326).`,
  shapefileBadCpg: (encoding: string) =>
    `The Shapefile's .cpg names an encoding that is not known (${encoding}): export it again as UTF-8.`,
  shapefileUnreadable:
    "The Shapefile could not be read: its .shp or .dbf is damaged or cut short. Export it again.",
  shapefileBrokenFrom: "the Shapefile's .shp or .dbf is damaged or cut short from this record on",
  shapefileReservedName: (name: string) =>
    `The Shapefile has a field named ${name}, which cannot be read: rename it and export the Shapefile again.`,
  shapefileNotPoints: (type: string) =>
    `The Shapefile holds ${type} shapes: only points can be imported as poles.`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  unzippedTooLarge: (mb: number) =>
    `The zip unpacks to more than ${mb} MB, the most an import unpacks: split the register into smaller files, or send it as CSV.`,
  zipRatioTooHigh: (ratio: number) =>
    `The zip unpacks to more than ${ratio} times its own size, which no Shapefile does: it is refused unread.`,
  // Row reasons.
  noCoordinates: "no coordinates",
  notANumber: (column: string, value: string) => `${column} ${value} is not a number`,
  looksProjected: "These look like projected coordinates: choose the coordinate system",
  notProjectable: (x: number, y: number) => `the position ${x}, ${y} is outside its coordinate system`,
  latitudeOutOfRange: (value: number) => `latitude ${value} is out of range`,
  longitudeOutOfRange: (value: number) => `longitude ${value} is out of range`,
  notAPoint: (type: string) => `the geometry is a ${type}, not a Point`,
  featureNotJson: "the feature is not valid JSON",
  notAFeature: "it is not a Feature object",
  propertiesNotAnObject: "its properties are not an object",
  tagTwice: (tag: string) => `tag ${tag} appears twice in this file`,
  tooLong: (column: string, max: number) => `${column} is longer than ${max} characters`,
  badMaterial: (value: string, allowed: readonly string[]) =>
    `material ${value} is not one of ${allowed.join(", ")}`,
  outOfRange: (column: string, value: string, min: number, max: number) =>
    `${column} ${value} is out of range (${min}–${max})`,
  attributesTooLarge: "the other columns are larger than 4 KB together",
  tooManyAttributes: (count: number, max: number) =>
    `it has ${count} attributes, more than the ${max} a pole keeps: map some columns to Ignore`,
  attributeNameTooLong: (name: string, max: number) =>
    `the column name ${name.slice(0, 24)}… is longer than the ${max} characters an attribute's name may have`,
  attributeValueTooLong: (name: string, max: number) =>
    `${name} is longer than the ${max} characters an attribute may hold`,
  unnamedColumn: "a column without a name has a value: name the column, or map it to Ignore",
  attributeTwiceByCase: (first: string, second: string) =>
    `the columns ${first} and ${second} differ only in case: a pole keeps one attribute of a name`,
  tooManyWorkspaceNames: (name: string, max: number) =>
    `the attribute ${name} would pass the ${max} attribute names a workspace keeps: map the column to Ignore, or use a name already in use`,
  reservedName: (column: string) =>
    `the column ${column} cannot be kept as an attribute (no attribute may be named __proto__): rename it in the file, or map it to Ignore`,
  columnCount: (got: number, want: number) => `has ${got} columns where the header has ${want}`,
} as const;

/** A GeoPackage register's refusals (a 400 for the whole file) and its rows' reasons. */
export const geopackageImportTexts = {
  unreadable:
    "The GeoPackage could not be read: the file is damaged or not an SQLite database. Export it again.",
  notAGeoPackage:
    "This SQLite file is not a GeoPackage: it has no gpkg_contents or gpkg_geometry_columns table.",
  noSuchLayer: (layer: string, layers: string[]) =>
    `The GeoPackage has no layer "${layer}". Its layers: ${layers.length > 0 ? layers.join(", ") : "none"}.`,
  noPointLayer: (layers: string[]) =>
    `The GeoPackage has no point layer to import as poles. Its layers: ${layers.length > 0 ? layers.join(", ") : "none"}.`,
  notPoints: (layer: string, type: string) =>
    `The GeoPackage layer "${layer}" holds ${type} geometries: only points can be imported as poles.`,
  noSrs: (layer: string) =>
    `The GeoPackage layer "${layer}" names a coordinate system its gpkg_spatial_ref_sys does not hold.`,
  badSrs: (layer: string, system: string) =>
    `The coordinate system of the GeoPackage layer "${layer}" (${system}) could not be read: its positions cannot be placed. Export it again in a standard system (e.g. EPSG:4326).`,
  notATable: (name: string, kind: string) =>
    `The GeoPackage's "${name}" is a ${kind}, not a table: reading it would run the SQL the file brings, so only tables are read. Export the layer again as a table.`,
  generatedColumn: (table: string, column: string) =>
    `The GeoPackage's table "${table}" has a generated column (${column}): reading it would run the SQL the file brings. Export the layer again without it.`,
  srsTooLong: (layer: string, kb: number) =>
    `The coordinate system of the GeoPackage layer "${layer}" is longer than ${kb} KB: no coordinate system is. Export it again in a standard system (e.g. EPSG:4326).`,
  tooManyRows: (layer: string, max: number) =>
    `The GeoPackage layer "${layer}" has more than ${max.toLocaleString("en-US")} rows, the most an import reads: split it into smaller files.`,
  tooSlow: (seconds: number) =>
    `The GeoPackage took longer than ${seconds} s to read, the most an import spends reading one: split it into smaller files, or export it again as a plain table (e.g. with ogr2ogr -f GPKG).`,
  brokenFrom: "the GeoPackage is damaged from this row on",
  noGeometry: "no geometry",
  badGeometry: "the geometry could not be read",
  notAPoint: (type: string) => `the geometry is a ${type}, not a Point`,
} as const;

/** What the import dialog takes before sending (the server's default POLE_IMPORT_MAX_MB). */
export const POLE_IMPORT_FILE_TYPES = [".csv", ".geojson", ".json", ".zip", ".gpkg"] as const;
export const POLE_IMPORT_DEFAULT_MAX_MB = 1024;
/** Rejected rows the dialog lists; the rest are counted. */
export const POLE_IMPORT_LISTED_IN_DIALOG = 10;

/** The photo panel's search for a pole to move the photo to, by its tag or label. */
export const poleMoveSearchTexts = {
  label: "Find a pole by tag or label",
  placeholder: "e.g. P-104",
  noMatch: "No pole of this workspace starts so",
  searching: "Searching…",
  /** "P-104 · Corner of 5th · 1.2 km NE" */
  option: (tag: string | null, label: string, where: string) =>
    [tag, label, where].filter((s) => s !== null && s !== "").join(" · "),
} as const;

/** GPS tracks: the upload's refusals and the Unplaced list's 'Place with a GPS track'. */
export const trackTexts = {
  noFile: "Choose a GPS track to upload: a GPX file, or a GeoJSON line with a time for each point.",
  unknownFormat: "This file is not a GPX track or a GeoJSON line.",
  notXml: "The GPX file could not be read: it is not well-formed XML.",
  notGpx: "The file is XML but not GPX: it has no <gpx> element.",
  doctype:
    "The GPX file has a DOCTYPE: GPX needs none, and its entities (which can read files or web addresses) are never read. Export the track again without it.",
  tooDeep: (max: number) => `The GPX file nests its elements more than ${max} levels deep: a track needs 6.`,
  tagTooLong: (kb: number) => `The GPX file holds a tag or comment longer than ${kb} KB.`,
  geojsonUnreadable:
    "The GeoJSON could not be read: it must hold a LineString or MultiLineString with a time for each point (properties.coordTimes).",
  noPoints: "The track has no points.",
  noTimes: "The track's points have no times: a track without times cannot place photos.",
  tooManyPoints: (max: number) => `The track has more than ${max.toLocaleString("en")} points.`,
  tooLarge: (mb: number) => `The track is larger than ${mb} MB.`,
  notFound: "GPS track not found.",
} as const;

/** 'Place with a GPS track' in the Unplaced photos dialog. */
export const trackPlacementTexts = {
  title: "Place with a GPS track",
  help: "Photos without GPS are placed where the track was at their capture time. Set the offset when the camera's clock was wrong: camera time + offset = true time.",
  track: "GPS track",
  trackOption: (name: string, points: number) => `${name} (${points.toLocaleString("en")} points)`,
  upload: "Upload a track",
  offset: "Clock offset (seconds)",
  preview: "Preview",
  apply: "Apply",
  wouldPlace: (placed: number, skipped: number) =>
    `${placed} ${placed === 1 ? "photo" : "photos"} would be placed` +
    (skipped > 0 ? `; ${skipped} skipped (a gap in the track, or off it).` : "."),
  placed: (placed: number) => `${placed} ${placed === 1 ? "photo" : "photos"} placed.`,
  failed: "The track could not be applied. Try again.",
  cancel: "Cancel",
  /** Over the map while the preview's points are shown. */
  previewing: (placed: number, skipped: number) =>
    `${placed} ${placed === 1 ? "photo" : "photos"} would be placed at the points shown` +
    (skipped > 0 ? `; ${skipped} skipped.` : "."),
  nonePlaced: "No photo would be placed: check the track and the clock offset.",
  syncPhoto: "Use a sync photo",
  syncHelp:
    "Pick a photo that shows a GPS or phone clock and type the time it shows: the offset is that time minus the camera's.",
  syncPick: (name: string) => `Sync photo: ${name}`,
  shownDate: "Date it shows",
  shownTime: "Time it shows (HH:MM:SS)",
  cameraTime: (date: string, time: string) => `Camera time: ${date} ${time}`,
  useOffset: "Use this offset",
  badShownTime: "Type the time as HH:MM:SS (within a week of the camera's time).",
  /** The offset field's helper: the typed seconds as hours, minutes and seconds. */
  offsetIs: (text: string) => `Offset: ${text}`,
  /** The upload dialog, after photos without GPS came in. */
  uploadedUnplaced: (n: number) =>
    `${n} ${n === 1 ? "photo has" : "photos have"} no GPS position: ${n === 1 ? "it is" : "they are"} in Unplaced photos.`,
} as const;

/** Face blurring: the workspace setting and the photo panel's manual blur tool. */
export const privacyTexts = {
  sectionTitle: "Privacy",
  blurFacesLabel: "Blur faces in new photos",
  blurFacesHelp:
    "Faces are found and blurred before a photo is stored; the unblurred photo is never kept. License plates are not detected: blur them by hand.",
  blurTool: "Blur areas",
  blurToolHelp:
    "Drag over the photo to mark each area to blur. License plates are not detected automatically: mark them here.",
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

/** 'Place on map' (Unplaced photos, and the photo panel's move): the picked point before saving. */
export const placeOnMapTexts = {
  /** The point the last click on the globe picked, shown before it is saved. */
  pickedAt: (at: string) => `Place it at ${at}? Click elsewhere on the map to change.`,
  save: "Save",
} as const;

/** The map of a workspace with nothing in it yet: what to do first. */
export const emptyWorkspaceTexts = {
  title: "Nothing on the map yet",
  start:
    "Start with the pole register (a CSV, GeoJSON or Shapefile of your poles), or upload geotagged photos of poles: each photo finds its pole by its position.",
  viewer:
    "Nothing has been added to this workspace yet. Its owners and members can import the pole register and upload photos.",
  importRegister: "Import the pole register",
  uploadPhotos: "Upload photos",
};
/**
 * The pole record: the side panel (the bottom sheet on a phone) that is a pole's, with or
 * without photos: its heading, register fields, photos, visits, findings, history and one risk.
 */
export const poleRecordTexts = {
  /** The heading of a pole with neither tag nor label. */
  poleAt: (latitude: number, longitude: number) => `Pole at ${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
  /** Under the heading: the region it lies in, and its position. */
  whereabouts: (region: string, position: string) => `${region} · ${position}`,
  record: (name: string) => `Pole record: ${name}`,
  register: "Register",
  tag: "Tag",
  material: "Material",
  materials: { wood: "Wood", steel: "Steel", concrete: "Concrete", composite: "Composite", other: "Other" },
  noMaterial: "Not set",
  height: "Height (m)",
  /** The same field in a workspace that measures in feet: it shows and takes feet and inches. */
  heightFeet: "Height (ft)",
  poleClass: "Class",
  installedYear: "Installed year",
  circuit: "Circuit",
  attributes: "Other attributes",
  /** The register's owner: the attribute named "owner" (an import's column of that name). */
  owner: "Owner",
  attributeName: "New attribute name",
  attributeValue: "New attribute value",
  addAttribute: "Add attribute",
  removeAttribute: (key: string) => `Remove attribute ${key}`,
  attributeNameEmpty: "An attribute needs a name",
  attributeNameTooLong: (max: number) => `An attribute's name is at most ${max} characters`,
  attributeValueEmpty: (key: string) => `Attribute "${key}" has no value: remove it instead`,
  attributeValueTooLong: (key: string, max: number) => `Attribute "${key}" is longer than ${max} characters`,
  attributeTwice: (key: string) => `This pole already has an attribute named "${key}"`,
  tooManyAttributes: (max: number) => `A pole has at most ${max} attributes`,
  tooManyWorkspaceNames: (max: number) =>
    `This workspace's poles have at most ${max} attribute names: use a name already in use, or remove one from every pole`,
  attributesTooLarge: (kb: number) => `The attributes together are larger than ${kb} KB`,
  notANumber: (field: string) => `${field} must be a number`,
  photos: "Photos",
  noPhotos: "No photos of this pole yet.",
  /** The group of the shown photo's own actions (delete, blur, move, rating, notes). */
  thisPhoto: (name: string) => `This photo: ${name}`,
  visits: "Visits",
  history: "History",
  historyEmpty: "Nothing recorded for this pole yet.",
  historyFailed: "Could not load the pole's history",
  historyMore: "Show older",
  /** One risk: the pole's, and why it is what it is. */
  riskTitle: "Risk",
  riskNames: { high: "High", medium: "Medium", low: "Low" },
  riskFromFindings: (risk: string, count: number, level: number) =>
    `${risk}: ${count} open Level ${level} ${count === 1 ? "finding" : "findings"}`,
  riskAssessed: (risk: string, date: string) => `${risk}: assessed on ${date} (no open findings)`,
  riskAssessedUndated: (risk: string) => `${risk}: assessed on a photo without a date (no open findings)`,
  riskNone: "Not rated: no open findings and no assessment",
  /** The quick rating buttons while a finding is open: the photo's assessment, not the pole's risk. */
  assessment: "Assessment of this photo",
  assessmentAside: "Kept beside the findings: while a finding is open, the pole's risk is the findings'.",
} as const;

/** Locating a pole from its photos' compass bearings, in the pole record. */
export const locateTexts = {
  title: "Locate from photos",
  open: "Locate from photos",
  close: "Close locate",
  invitation: (count: number) =>
    `${count} photos of this pole carry a compass bearing: locate the pole from them`,
  /** Some of them are photos of other poles close by (a pole without photos has only those). */
  invitationNear: (count: number) =>
    `${count} photos of this pole or within 30 m of it carry a compass bearing: locate the pole from them`,
  intro: "Open a photo that shows this pole and click its foot or axis. Two marks give an estimate.",
  candidatesLoading: "Looking for photos of this pole…",
  candidatesFailed: "Could not load the photos around this pole",
  noCandidates: "No photos of this pole or within 30 m.",
  distance: (m: number) => `${Math.round(m)} m away`,
  bearing: (deg: number) => `looking ${Math.round(deg)}°`,
  marked: "Marked",
  markPhoto: (name: string) => `Mark the pole in ${name}`,
  markHelp: "Click the pole's foot or axis. Arrow keys move the mark (Shift: faster), Enter sets it.",
  markArea: (name: string) => `Photo ${name}: mark where the pole stands`,
  /** The mark area's value before a mark is set (the arrow keys start from the middle). */
  noMarkYet: "No mark yet: the middle of the photo",
  mark: "Mark",
  setMark: "Set mark",
  removeMark: "Remove",
  removeMarkOf: (name: string) => `Remove the mark in ${name}`,
  cancel: "Cancel",
  needTwo: "Mark the pole in at least two photos for an estimate.",
  estimating: "Working out the position…",
  estimateFailed: "Could not work out the position",
  estimate: "Estimate",
  uncertainty: (m: number) => `± ${m < 10 ? m.toFixed(1) : Math.round(m)} m (90 %)`,
  residual: (name: string, m: number) => `${name}: ${m.toFixed(1)} m off`,
  leftOut: (name: string, m: number) => `${name}: left out, ${m.toFixed(1)} m off (another pole?)`,
  apply: "Move pole here",
  applying: "Moving…",
  applyFailed: "Could not move the pole",
  position: {
    gps: "Position: from photo GPS",
    bearings: "Position: from photo bearings",
    import: "Position: from the register import",
    manual: "Position: set by hand",
  },
  // The server's refusals and the upload dialog's count.
  noBearing: "it has no compass bearing (GPSImgDirection)",
  noFocalLength:
    "its focal length is unknown (no FocalLengthIn35mmFormat, nor FocalLength with the sensor's size)",
  noPosition: "it has no GPS position",
  noSize: "its size in pixels is unknown (the stored file could not be read)",
  /** 400: some marked photos cannot give a ray; each named with its reason. */
  unusable: (reasons: string[]) => `These photos cannot be used to locate the pole: ${reasons.join("; ")}.`,
  photoReason: (name: string, reason: string) => `${name}: ${reason}`,
  markOutside: (name: string, width: number) =>
    `The mark in ${name} is outside the photo: x must be between 0 and ${width}.`,
  tooFewRays:
    "Mark the pole in at least two photos with a compass bearing, or give the measured distance to it in one.",
  parallel: "The rays are nearly parallel: mark the pole in photos taken from different directions.",
  behind: "The rays do not meet in front of the cameras: check the marks are on the same pole.",
  tooFar: (metres: number) => `The estimate is more than ${metres} m from the photos: check the marks.`,
  leftOutFar: "its ray passes far from the others (a photo of another pole?)",
  /** The upload dialog: how many of the chosen photos can join a locate. */
  bearingCount: (n: number, m: number) => `${n} of ${m} photos carry a compass bearing`,
} as const;

/** The printable region report (PDF): its headings, columns and notes. */
export const regionReportTexts = {
  title: (region: string) => `${region} — inspection report`,
  documentTitle: (region: string) => `${region} inspection report`,
  workspace: (name: string) => `Workspace: ${name}`,
  date: (day: string) => `Date: ${day}`,
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  findingsByLevel: "Findings by level",
  polesByState: "Poles by inspection state",
  map: "Map of the region's poles",
  mapAlt: (poles: number, region: string) =>
    `Map of the ${poles} poles of ${region}, each a dot in its condition's colour.`,
  mapEmpty: "No pole in this region has a position.",
  mapCapped: (shown: number, total: number) =>
    `The map draws the first ${shown} of the region's ${total} poles.`,
  legend: "Condition",
  north: "N",
  openFindings: (n: number) => `Open findings by due date (${n})`,
  findingPhotos: "Open findings and the photos they were found on",
  noPhoto: "No photo: the finding was recorded without one.",
  photoGone: "The photo is no longer stored.",
  photoAlt: (tag: string, code: string) => `Photo of pole ${tag} on which ${code} was found`,
  photosCapped: (shown: number) =>
    `The report embeds the photos of the first ${shown} findings; the others are listed without.`,
  rowsCapped: (shown: number, total: number) => `The first ${shown} of ${total} are listed.`,
  duePoles: (n: number) => `Poles due for inspection, most overdue first (${n})`,
  neverInspected: (n: number) => `Poles with no inspection on record, by tag (${n})`,
  columns: {
    level: "Level",
    open: "Open",
    overdue: "Overdue",
    resolved12m: "Resolved (12 months)",
    current: "Current",
    due: "Due",
    tag: "Pole tag",
    position: "Position",
    code: "Code",
    observed: "Observed",
    state: "State",
    type: "Type due",
    lastVisit: "Last visit",
    late: "Days late",
  },
  overdueState: "OVERDUE",
  openState: "open",
  dueIn: (days: number) => `due in ${days}`,
} as const;

/** What the attachments' routes and the loading check answer. */
export const attachmentTexts = {
  notFound: "Attachment not found",
  spanPoleNotFound: "A span goes to a pole that is not in this workspace",
  spanToItself: "A span cannot go from a pole to itself",
  tooMany: (max: number) => `A pole holds at most ${max} attachments`,
} as const;
