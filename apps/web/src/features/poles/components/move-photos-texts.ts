/** What "Move photos" in the pole record says (loaded with the record). */
export const movePhotosTexts = {
  open: "Move several photos…",
  title: "Move photos to another pole",
  help: "Choose the photos, then the pole they show.",
  all: "All photos of this pole",
  chosen: (n: number) => (n === 1 ? "1 photo chosen" : `${n} photos chosen`),
  chooseFirst: "Choose the photos to move first.",
  moving: (n: number) => (n === 1 ? "Moving 1 photo…" : `Moving ${n} photos…`),
  moved: (n: number, pole: string) =>
    n === 1 ? `Moved 1 photo to ${pole}.` : `Moved ${n} photos to ${pole}.`,
  failed: "The photos were not moved. Please try again.",
  done: "Done",
} as const;
