import { uploadsChannel, type FakeFile, type SlackState } from './slack-state';
import { SlackMethodError, type MethodContext } from './slack-web-api';
import { checkBlocks } from './block-kit-rules';

type Method = (ctx: MethodContext) => Record<string, unknown>;

const INPUT_ELEMENTS = new Set(['plain_text_input', 'url_text_input', 'number_input', 'file_input', 'static_select', 'email_text_input']);

/**
 * views.open as Slack checks it: a trigger id, a modal within Block Kit's limits (title, submit
 * and close 24 characters, private_metadata 3,000, callback_id 255, 100 blocks; an input's
 * plain_text label 2,000, hint 2,000, placeholder 150, action_id 255; block_ids unique and
 * within 255; other blocks as views.publish checks them; input blocks need a submit).
 */
export const VIEW_METHODS: Record<string, Method> = {
  'views.open': ({ state, params, team }) => {
    if (!params.trigger_id) throw new SlackMethodError('invalid_trigger_id');
    let view: Record<string, unknown>;
    try {
      view = JSON.parse(params.view ?? '') as Record<string, unknown>;
    } catch {
      throw new SlackMethodError('invalid_arguments');
    }
    const title = view.title as { text?: string } | undefined;
    const blocks = view.blocks as Record<string, unknown>[] | undefined;
    if (view.type !== 'modal' || !title?.text || [...title.text].length > 24 || !Array.isArray(blocks) || blocks.length > 100) throw new SlackMethodError('invalid_arguments');
    if (tooLong(view.submit, 24) || tooLong(view.close, 24)) throw new SlackMethodError('invalid_arguments');
    if (typeof view.private_metadata === 'string' && view.private_metadata.length > 3000) throw new SlackMethodError('invalid_arguments');
    if (typeof view.callback_id === 'string' && view.callback_id.length > 255) throw new SlackMethodError('invalid_arguments');
    const inputs = blocks.filter((b) => b.type === 'input');
    for (const input of inputs) {
      const element = input.element as { type?: string; action_id?: string; placeholder?: unknown } | undefined;
      const label = input.label as { type?: string; text?: string } | undefined;
      if (label?.type !== 'plain_text' || !label.text || [...label.text].length > 2000 || !element?.type || !INPUT_ELEMENTS.has(element.type)) {
        throw new SlackMethodError('invalid_arguments');
      }
      if (typeof element.action_id !== 'string' || element.action_id === '' || element.action_id.length > 255) throw new SlackMethodError('invalid_arguments');
      if (tooLong(input.hint, 2000) || tooLong(element.placeholder, 150)) throw new SlackMethodError('invalid_arguments');
    }
    // The other blocks by the rules App Home's are checked by (section text 3,000, header 150…),
    // and no block_id twice or over 255; Slack answers views.open's with invalid_arguments.
    try {
      checkBlocks(blocks.map((b) => (b.type === 'input' ? { type: 'divider', ...(b.block_id === undefined ? {} : { block_id: b.block_id }) } : b)));
    } catch {
      throw new SlackMethodError('invalid_arguments');
    }
    if (inputs.length > 0 && !(view.submit as { text?: string } | undefined)?.text) throw new SlackMethodError('invalid_arguments');
    state.modals.push({ teamId: team!.id, triggerId: params.trigger_id, view });
    return { view: { id: `V${state.nextSerial()}`, ...view } };
  },
};

/** An optional text object longer than Block Kit allows (or empty). */
function tooLong(value: unknown, max: number): boolean {
  if (value === undefined) return false;
  const text = (value as { text?: unknown } | null)?.text;
  return typeof text !== 'string' || text === '' || [...text].length > max;
}

/**
 * A file a person uploaded through a modal's file_input: it exists in Slack (files.info and its
 * private URL work for the workspace's bot token) without being shared in any conversation.
 */
export function uploadFile(state: SlackState, teamId: string, userId: string, file: FakeFile): Record<string, unknown> {
  const channel = uploadsChannel(teamId);
  if (!state.channels.has(channel)) state.addChannel({ id: channel, teamId, isPrivate: true, members: [userId], botIsMember: false });
  state.addMessage({ channel, user: userId, text: '', files: [file] });
  return { id: file.id, name: file.name, title: file.name, mimetype: file.mimetype, filetype: file.filetype, permalink: `https://fake.slack.com/files/${userId}/${file.id}/${file.name}` };
}
