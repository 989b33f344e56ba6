/** action_ids of App Home's buttons: the worker draws them, the interactions route receives them. */
export const HOME_ACTIONS = {
  /** Publish the Home again (plan, seat and usage as of now). */
  refresh: 'home.refresh',
  /** Link buttons open the URL in the browser; Slack still reports the click. */
  linkPrefix: 'home.link.',
} as const;
