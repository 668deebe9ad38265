/** The town of a facility's location ("Kumasi, Ghana" -> "Kumasi"). */
export function townOf(location: string): string {
  return location.split(",")[0]!.trim() || location.trim();
}

/**
 * A facility as the referral form offers it: its name and its town ("Lagoon Heart Institute —
 * Accra"), so a doctor sees where the patient is sent (decision 021: names alone were copied).
 */
export function facilityChoiceLabel(facility: { name: string; location: string; reachable?: boolean }): string {
  const town = townOf(facility.location);
  const label = town ? `${facility.name} — ${town}` : facility.name;
  // A facility no one there can be told about is marked, not offered as if it would hear.
  return facility.reachable === false ? `${label} (${UNREACHABLE_MARK})` : label;
}

/** How the referral form marks a facility that has no approved administrator and no on-call number. */
export const UNREACHABLE_MARK = "cannot receive referrals yet";
