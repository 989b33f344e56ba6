import { clipText } from '../../core/shared/clip-text';
import type { HomeBlock, HomeButton, HomeView } from '../../core/home/home-view';

/** Block Kit limits the renderer keeps to (Slack refuses a view that breaks them). */
const HEADER_MAX = 150;
const SECTION_TEXT_MAX = 3_000;
const FIELDS_MAX = 10;
const FIELD_TEXT_MAX = 2_000;
const BUTTONS_MAX = 25;
const BUTTON_TEXT_MAX = 75;
const BLOCKS_MAX = 100;

/** App Home's model as the `view` of views.publish. */
export function homeViewToSlack(view: HomeView): { type: 'home'; blocks: Record<string, unknown>[] } {
  return { type: 'home', blocks: view.blocks.slice(0, BLOCKS_MAX).map(toBlock) };
}

function toBlock(block: HomeBlock): Record<string, unknown> {
  switch (block.type) {
    case 'header':
      return { type: 'header', text: plain(block.text, HEADER_MAX) };
    case 'text':
      return { type: 'section', text: mrkdwn(block.text, SECTION_TEXT_MAX), ...(block.accessory ? { accessory: toButton(block.accessory) } : {}) };
    case 'fields':
      return { type: 'section', fields: block.fields.slice(0, FIELDS_MAX).map((text) => mrkdwn(text, FIELD_TEXT_MAX)) };
    case 'buttons':
      return {
        type: 'actions',
        elements: block.buttons.slice(0, BUTTONS_MAX).map(toButton),
      };
    case 'context':
      return { type: 'context', elements: [mrkdwn(block.text, SECTION_TEXT_MAX)] };
    case 'divider':
      return { type: 'divider' };
  }
}

function toButton(button: HomeButton): Record<string, unknown> {
  return {
    type: 'button',
    text: plain(button.text, BUTTON_TEXT_MAX),
    action_id: button.actionId,
    ...(button.url === undefined ? {} : { url: button.url }),
    ...(button.value === undefined ? {} : { value: button.value }),
    ...(button.style === undefined ? {} : { style: button.style }),
    ...(button.confirm === undefined
      ? {}
      : {
          confirm: {
            title: plain(button.confirm.title, CONFIRM_TITLE_MAX),
            text: plain(button.confirm.text, CONFIRM_TEXT_MAX),
            confirm: plain(button.confirm.confirm, CONFIRM_BUTTON_MAX),
            deny: plain(button.confirm.deny, CONFIRM_BUTTON_MAX),
            style: 'danger',
          },
        }),
  };
}

const CONFIRM_TITLE_MAX = 100;
const CONFIRM_TEXT_MAX = 300;
const CONFIRM_BUTTON_MAX = 30;
/** Texts within Block Kit's limits, cut between whole emoji (never a family or a flag in two), with an ellipsis. */
const plain = (text: string, max: number) => ({ type: 'plain_text', text: clipText(text, max), emoji: true });
const mrkdwn = (text: string, max: number) => ({ type: 'mrkdwn', text: clipText(text, max) });
