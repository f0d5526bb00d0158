/**
 * The measuring tool's and the record's Measurements section's texts: only the screens that
 * measure load them, so they stay out of the sign-in page's first load.
 */
/** The pole record's Measurements section and its lean line. */
export const measurementsTexts = {
  title: "Measurements",
  measure: "Measure a photo",
  empty: "Nothing measured on this pole's photos yet.",
  loading: "Loading measurements…",
  loadFailed: "Could not load the measurements",
  retry: "Try again",
  lean: (degrees: string, toward: string, point: string) => `Lean ${degrees} toward ${toward} (${point})`,
  apparentLean: (degrees: string) => `Apparent lean ${degrees} in one view`,
  /** Who measured and when: "by a@b.test, 5/4/2026, 10:20:30". */
  measuredBy: (who: string | null, when: string) => (who ? `by ${who}, ${when}` : when),
  measuredOn: (when: string) => `measured ${when}`,
  height: (height: string, uncertainty: string) => `${height} ${uncertainty}`,
  photo: (name: string) => `On photo ${name}`,
  photoGone: "On a photo no longer listed",
  delete: "Delete measurement",
  confirmDelete: "Delete this measurement? Its heights are gone for good; findings added from it stay.",
  deleteFailed: "Could not delete the measurement",
  suggested: "Suggested finding",
  addAsFinding: "Add as finding",
  findingAdded: "Finding added",
  addFailed: "Could not add the finding",
} as const;

/** The measuring tool on a photo: its steps, marks, keys and answers. */
export const measureToolTexts = {
  open: "Measure a photo",
  title: "Measure a photo",
  photos: "Photo to measure",
  noPhotos: "This pole has no photos to measure.",
  modes: "What to measure",
  heights: "Heights",
  lean: "Lean",
  tools: "Mark",
  tool: {
    stick: "Base and stick",
    points: "Points to measure",
    verticals: "Vertical lines",
    axis: "Pole axis",
    plumb: "Plumb line",
  },
  heightsHelp:
    "Click the pole's base (height 0), then at least three graduations of the stick with their heights, then each point to measure. Two vertical lines (two points each) stand in for the third graduation.",
  leanHelp:
    "In one or more photos click the pole's base, then a point high up its axis. A plumb line (a levelled stick, two points) corrects a tilted camera. Photos 30° apart or more give the true lean.",
  keysHelp:
    "Drag to pan; wheel, pinch or +/- to zoom. Arrow keys move the selected mark (Shift: faster), Delete removes it, Ctrl+Z undoes.",
  photoArea: (name: string) => `Photo ${name}: place marks`,
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  fit: "Whole photo",
  undo: "Undo",
  loupe: "Magnified view under the finger",
  stickName: (i: number) => (i === 0 ? "Base" : `Stick mark ${i}`),
  pointName: (i: number) => `Point ${i + 1}`,
  verticalName: (i: number) => `Vertical line ${Math.floor(i / 2) + 1}, point ${(i % 2) + 1}`,
  axisName: (i: number) => (i === 0 ? "Axis base" : "Axis top"),
  plumbName: (i: number) => `Plumb line, point ${i + 1}`,
  heightOf: (name: string) => `Height of ${name}`,
  kindOf: (name: string) => `Kind of ${name}`,
  labelOf: (name: string) => `Label of ${name} (optional)`,
  remove: (name: string) => `Remove ${name}`,
  stickCount: (n: number) => `${n} of at least 4 marks (the base and three graduations)`,
  verticalCount: (n: number) => `${n} of 4 points (two lines)`,
  bearing: (name: string) => `Bearing of ${name}, degrees from north`,
  bearingFromPhoto: (deg: number) => `Looking ${Math.round(deg)}° (from the photo)`,
  axisCount: (n: number) => `Axis: ${n} of 2 points`,
  plumbCount: (n: number) => `Plumb line: ${n} of 2 points (optional)`,
  save: "Save heights",
  saving: "Saving…",
  measureLean: "Work out the lean",
  measuringLean: "Working out…",
  close: "Close",
  needBase: "Mark the pole's base first",
  needPoint: "Mark at least one point to measure",
  needAxis: "Mark the pole's axis (its base, then a point up the pole) in at least one photo",
  badHeight: (name: string, text: string, units: "feet-inches" | "metres") =>
    `${name}: "${text}" is not a height in ${units === "metres" ? "metres (e.g. 2.5)" : "feet and inches (e.g. 10 ft 6 in)"}`,
  badBearing: (name: string) => `${name}: the bearing must be a number of degrees from 0 to 360`,
  sensorWidth: (name: string) => `Sensor width of ${name}'s camera, mm (its photo has no 35 mm focal length)`,
  badSensor: (name: string) => `${name}: the sensor width must be a number of millimetres above 0, up to 100`,
  saveFailed: "The heights could not be measured",
  leanFailed: "The lean could not be worked out",
  marksKept: "Your marks are kept: correct them and try again.",
  answered: "Measured heights",
  answer: (name: string, height: string, uncertainty: string) => `${name}: ${height} ${uncertainty}`,
  suggestions: "Suggested findings (add them from the record)",
  leanAnswer: (degrees: number, toward: number) =>
    `Leans ${degrees.toFixed(1)}° toward ${Math.round(toward)}° from north`,
  apparentLean: (degrees: number) => `Apparent lean in this view: ${degrees.toFixed(1)}°`,
} as const;

/** Measuring from photos: why marks cannot be read, and the suggested findings. */
export const measureTexts = {
  tooFewMarks: "Mark at least three heights on the stick, or two with two vertical lines",
  marksSameHeight: "The stick's marks need different heights: three, or two with two vertical lines",
  marksTooClose: "The stick's marks are too close together along the pole: mark graduations further apart",
  marksAcrossPhoto:
    "The stick's marks lie across the photo, not up it: mark the base and graduations up the pole",
  verticalTooShort: "A vertical line is too short: mark two points far apart on each",
  samePhotoTwice: (n: number) => `View ${n} uses a photo already used: a photo gives one view of the pole`,
  marksInconsistent:
    "The stick's marks do not fit one straight stick seen in perspective: check the heights typed for them",
  beyondVanishingPoint: (n: number) =>
    `Point ${n} lies beyond where heights along this pole can be read: is it on the pole?`,
  outsidePhoto: (what: string) => `${what} lies outside the photo`,
  noPole: "This photo belongs to no pole yet: place it on the map first",
  axisTooShort: (n: number) => `The pole's axis in view ${n} is too short: mark its base and a point high up`,
  plumbTooShort: (n: number) => `The plumb line in view ${n} is too short: mark two points far apart`,
  missingBearing: (n: number) =>
    `Photo ${n} has no compass bearing (GPSImgDirection): type the bearing the camera looked`,
  missingFocalLength: (n: number) =>
    `Photo ${n} has no 35 mm focal length: give the camera's sensor width (with its FocalLength)`,
  viewsTooClose: "Photos of a pole for its true lean must look at it from bearings at least 30° apart",
  viewsOfOtherPole: "Every photo of a lean must be of this pole",
  clearanceBelow: (what: string, measured: string, required: string) =>
    `${what} measured at ${measured}, below the minimum of ${required}`,
  leanAbove: (measured: string, threshold: string) => `Pole leans ${measured}, more than ${threshold}`,
  apparentLeanAbove: (measured: string, threshold: string) =>
    `Pole leans ${measured} across the photo (apparent), more than ${threshold}`,
  kindNames: {
    power_conductor: "Power conductor",
    neutral: "Neutral",
    communication: "Communication",
    streetlight: "Streetlight",
    transformer_bottom: "Transformer bottom",
    other: "Attachment",
  },
  measurementNotFound: "No such measurement",
  measurementOfOtherPole: "That measurement was made on another pole's photo.",
} as const;

/** The workspace settings page's measuring section: units, clearance rules, the lean threshold. */
export const measureSettingsTexts = {
  title: "Measuring",
  readOnly: "Owners and admins change these; measurements in this workspace follow them.",
  units: "Units on screen",
  unitNames: { metres: "Metres", "feet-inches": "Feet and inches" },
  unitsHelp:
    "Heights are stored in metres either way; a height typed with its unit (2 m, 6 ft 2 in) is read in it.",
  leanThreshold: "Lean that suggests a finding (degrees from plumb)",
  leanValue: (degrees: number) => `${degrees}°`,
  rules: "Clearance rules",
  rulesHelp: "An attachment measured lower than its kind's minimum suggests the rule's finding.",
  noRules: "No clearance rules: measured heights suggest no findings.",
  rule: (n: number) => `Rule ${n}`,
  kind: (n: number) => `Kind of rule ${n}`,
  minimum: (n: number) => `Minimum height of rule ${n}`,
  code: (n: number) => `Finding code of rule ${n}`,
  level: (n: number) => `Finding level of rule ${n}`,
  levelName: (level: number) => `Level ${level}`,
  removeRule: (n: number) => `Remove rule ${n}`,
  addRule: "Add rule",
  ruleText: (kind: string, minimum: string, code: string, level: number) =>
    `${kind}: at least ${minimum} (finding ${code}, level ${level})`,
  save: "Save measuring settings",
  saving: "Saving…",
  saved: "Measuring settings saved.",
  loadFailed: "Could not load the measuring settings",
  badMinimum: (n: number, text: string) =>
    `Rule ${n}: "${text}" is not a height above 0 (e.g. 15 ft 6 in or 4.72 m)`,
  badCode: (n: number) => `Rule ${n}: give the finding's code`,
  badLean: "The lean threshold is a number of degrees from 0 to 45",
} as const;
