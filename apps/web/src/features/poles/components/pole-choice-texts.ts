/** What "Which pole is this?" says (loaded with the upload dialog only). */
export const poleChoiceTexts = {
  whichPole: "Which pole is this?",
  whichPoleHelp: (name: string) =>
    `${name} was taken near poles of the register, but its position and bearing do not say which one it shows.`,
  notInRegister: "Not in the register",
  notInRegisterHelp: "Make a pole of its own where the photo was taken",
  untagged: "Untagged pole",
  placePhoto: "Place photo",
  placing: "Placing…",
  candidatesMap: "The photo's position (centre) and the register poles near it",
  metresAway: (metres: number, direction: string) => `${Math.round(metres)} m ${direction}`,
  choiceFailed: "The photo could not be placed. Please try again.",
  candidatesFailed: "The poles near this photo could not be loaded.",
  retry: "Try again",
} as const;
