import { useFamilyEvents } from "../api/live-updates/follow-family-events";

/**
 * The family's changes made by other members (or this member elsewhere) reach this screen live:
 * rendered in the signed-in frame, it draws nothing.
 */
export function FamilyLiveUpdates() {
  useFamilyEvents();
  return null;
}
