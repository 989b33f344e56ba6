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
  readonly style?: 'primary' | 'danger';
  /** A confirmation dialog Slack shows before reporting the click (deleting something). */
  readonly confirm?: { readonly title: string; readonly text: string; readonly confirm: string; readonly deny: string };
}

export type HomeBlock =
  | { readonly type: 'header'; readonly text: string }
  /** Markdown (Slack mrkdwn), with a button beside it (e.g. Delete on a listed source). */
  | { readonly type: 'text'; readonly text: string; readonly accessory?: HomeButton }
  | { readonly type: 'fields'; readonly fields: readonly string[] }
  | { readonly type: 'buttons'; readonly buttons: readonly HomeButton[] }
  | { readonly type: 'context'; readonly text: string }
  | { readonly type: 'divider' };

export interface HomeView {
  readonly blocks: readonly HomeBlock[];
}
