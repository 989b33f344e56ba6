import { SlackMethodError } from './method-error';

/** The Block Kit rules Slack enforces on the blocks App Home uses. */
const text = (value: unknown, max: number) => {
  const t = value as { type?: string; text?: string } | undefined;
  if (!t || typeof t.text !== 'string' || t.text === '' || [...t.text].length > max) throw new SlackMethodError('invalid_blocks');
};
/** A text object that must be plain_text (headers, buttons, a confirm's title and buttons). */
const plainText = (value: unknown, max: number) => {
  text(value, max);
  if ((value as { type?: unknown }).type !== 'plain_text') throw new SlackMethodError('invalid_blocks');
};
/** block_id and action_id: at most 255 characters. */
const id = (value: unknown, required: boolean) => {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value === '' || value.length > 255) throw new SlackMethodError('invalid_blocks');
};

/** A button as Block Kit takes it: text up to 75, an action id, a value up to 2,000, a url up to 3,000, a well-formed confirm. */
function checkButton(element: Record<string, unknown>): void {
  plainText(element.text, 75);
  id(element.action_id, true);
  if (typeof element.value === 'string' && element.value.length > 2000) throw new SlackMethodError('invalid_blocks');
  if (typeof element.url === 'string' && element.url.length > 3000) throw new SlackMethodError('invalid_blocks');
  const confirm = element.confirm as Record<string, unknown> | undefined;
  if (confirm !== undefined) {
    plainText(confirm.title, 100);
    text(confirm.text, 300);
    plainText(confirm.confirm, 30);
    plainText(confirm.deny, 30);
  }
}

/**
 * Blocks as Slack takes them in a message (at most 50: chat.postMessage, chat.postEphemeral,
 * chat.update) or a view (the caller checks its 100): each block valid, and no block_id twice
 * (Slack: "block_id should be unique for each message and each iteration of a message").
 */
export function checkBlocks(blocks: unknown, max = 100): void {
  if (!Array.isArray(blocks) || blocks.length > max) throw new SlackMethodError('invalid_blocks');
  const ids = new Set<string>();
  for (const block of blocks as Record<string, unknown>[]) {
    if (block === null || typeof block !== 'object') throw new SlackMethodError('invalid_blocks');
    checkBlock(block);
    if (typeof block.block_id === 'string') {
      if (ids.has(block.block_id)) throw new SlackMethodError('invalid_blocks');
      ids.add(block.block_id);
    }
  }
}

/** A message's `blocks` argument, when given: JSON (else invalid_blocks_format), at most 50 valid blocks. */
export function messageBlocks(blocks: string | undefined): void {
  if (blocks === undefined) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(blocks);
  } catch {
    throw new SlackMethodError('invalid_blocks_format');
  }
  checkBlocks(parsed, 50);
}

export function checkBlock(block: Record<string, unknown>): void {
  id(block.block_id, false);
  switch (block.type) {
    case 'header':
      plainText(block.text, 150);
      return;
    case 'section':
      if (block.text !== undefined) text(block.text, 3000);
      if (block.fields !== undefined) {
        const fields = block.fields as unknown[];
        if (fields.length > 10) throw new SlackMethodError('invalid_blocks');
        for (const field of fields) text(field, 2000);
      }
      if (block.text === undefined && block.fields === undefined) throw new SlackMethodError('invalid_blocks');
      if (block.accessory !== undefined) checkButton(block.accessory as Record<string, unknown>);
      return;
    case 'actions': {
      const elements = block.elements as { action_id?: string; text?: unknown }[];
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 25) throw new SlackMethodError('invalid_blocks');
      for (const element of elements) checkButton(element);
      return;
    }
    case 'context': {
      // 1 to 10 elements: images, or text objects within a text object's 3,000.
      const elements = block.elements as Record<string, unknown>[];
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10) throw new SlackMethodError('invalid_blocks');
      for (const element of elements) if (element.type !== 'image') text(element, 3000);
      return;
    }
    case 'divider':
      return;
    default:
      throw new SlackMethodError('invalid_blocks');
  }
}
