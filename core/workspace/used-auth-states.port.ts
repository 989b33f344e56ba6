/** Which redirect flow a state belongs to: each is its own namespace. */
export type AuthStateFlow = 'sign-in' | 'install' | 'connect';

/**
 * The OAuth/OpenID `state` values of sign-ins, installs and integration connects that were
 * taken to the provider's token endpoint, shared by every server process: a callback whose
 * state was used once is refused before anyone calls the provider again. Adapters store a hash
 * of the state only (never the code), and only until the state would have expired anyway.
 */
export interface UsedAuthStates {
  /**
   * true the first time a flow's state is claimed, false for every later claim (also when two
   * claims race, in one process or several). `expiresAt` is when the state stops being
   * accepted anyway; the record may be forgotten after it. Claiming forgets states past `now`.
   */
  claim(flow: AuthStateFlow, state: string, expiresAt: Date, now: Date): Promise<boolean>;
}
