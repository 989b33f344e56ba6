/**
 * Tomo's App Home as a platform-neutral model: the apps layer fills it with localized text
 * from sections, the Slack adapter renders it as Block Kit (views.publish).
 */
export interface HomeButton {
  readonly text: string;
  /** What the platform reports back when clicked (Slack's action_id); links report too. */
  readonly actionId: string;
  readonly url?: string;
  readonly value?: string;
  readonly style?: 'primary';
}

export type HomeBlock =
  | { readonly type: 'header'; readonly text: string }
  /** Markdown (Slack mrkdwn). */
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'fields'; readonly fields: readonly string[] }
  | { readonly type: 'buttons'; readonly buttons: readonly HomeButton[] }
  | { readonly type: 'context'; readonly text: string }
  | { readonly type: 'divider' };

export interface HomeView {
  readonly blocks: readonly HomeBlock[];
}
