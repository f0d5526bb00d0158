/**
 * What a finding's change tells whoever alerts people of it (the alerts module, handed in by
 * app.ts): told after the change is committed, and never able to fail it.
 */
import type { Actor } from "../workspaces/actor";

/** What a create, a patch or a bulk change did to one finding that someone may need to hear. */
export interface FindingNews {
  findingId: string;
  /** Recorded at Level 1, or raised to it. */
  level1: boolean;
  /** Newly assigned to this user. */
  assignedTo: string | null;
}

export type NotifyFindings = (actor: Actor, news: FindingNews[]) => void;
