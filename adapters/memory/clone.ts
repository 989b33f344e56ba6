/** Records leave and enter the in-memory stores as copies, like rows of a real database. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** A repository call for team A must never store a record of team B. */
export function assertSameTeam(teamId: string, record: { readonly teamId: string }): void {
  if (record.teamId !== teamId) {
    throw new Error(`Record of team ${record.teamId} cannot be saved under team ${teamId}`);
  }
}
