/** E-mail alerts about findings, and the screen where a user turns each kind off. */
export const alertTexts = {
  kinds: {
    level1: "New Level 1 findings",
    assignment: "Findings assigned to me",
    digest: "Daily list of my findings due soon",
  },
  kindHints: {
    level1: "When a Level 1 finding is recorded or raised to Level 1 (owners, admins and its assignee).",
    assignment: "When someone else assigns a finding to me.",
    digest: "Each morning, my unresolved findings due in the next 14 days or overdue; nothing due, no mail.",
  },
  navItem: "E-mail alerts",
  pageTitle: "E-mail alerts",
  pageIntro: "These apply to the workspace that is open now; each team has its own.",
  loadFailed: "Your e-mail alerts could not be loaded.",
  saveFailed: "The change was not saved; try again.",
  nobody: "nobody",
  level1Subject: "A Level 1 finding was recorded",
  level1Intro: (by: string) => `${by} recorded a Level 1 finding:`,
  assignmentSubject: (n: number) =>
    n === 1 ? "A finding was assigned to you" : `${n} findings were assigned to you`,
  assignmentIntro: (by: string, n: number) =>
    `${by} assigned ${n === 1 ? "this finding" : `these ${n} findings`} to you:`,
  digestSubject: (n: number) => `${n} of your findings ${n === 1 ? "is" : "are"} due soon or overdue`,
  digestIntro: (days: number) => `Your unresolved findings due in the next ${days} days or overdue:`,
  /** One finding's line in a mail: the pole, the code and the date it is to be fixed by. */
  findingLine: (pole: string, code: string, level: number, due: string, overdue: boolean) =>
    `- ${pole}: ${code} (Level ${level}), due ${due}${overdue ? " (overdue)" : ""}`,
  assignee: (who: string) => `Assigned to: ${who}`,
  notes: (text: string) => `Notes: ${text}`,
  noNotes: "none written",
  team: (name: string) => `Team: ${name}`,
  personalWorkspace: "Workspace: Personal",
  openPole: (pole: string) => `Open ${pole}`,
  myWork: "My work",
  turnOff: (kind: string, url: string) =>
    `You get this mail because "${kind}" is on for you in this workspace. To turn it off: ${url}`,
} as const;
