/** A repository call for team A must never write a record of team B. */
export function assertSameTeam(teamId: string, record: { readonly teamId: string }): void {
  if (record.teamId !== teamId) {
    throw new Error(`Record of team ${record.teamId} cannot be saved under team ${teamId}`);
  }
}
