/**
 * SLOT: the pole record's Visits section. The inspection visits' section (PoleVisits of
 * features/inspections: the pole's visits, newest first, and 'Record a visit' for members) goes
 * here; until it is wired the record shows no Visits section. Kept apart so wiring it touches
 * only this file.
 */
export interface VisitsSlotProps {
  poleId: string;
  /** Members and up may record a visit; viewers see the list. */
  canEdit: boolean;
}

export function VisitsSlot(_props: VisitsSlotProps) {
  return null;
}
