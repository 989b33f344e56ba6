import { unescapeSlackEntities } from '../shared/slack-escapes';

/**
 * A person asking for pictures directly ("draw a cat in a hat", "画像: 富士山の朝焼け",
 * "猫の絵を描いて"): the description, or null when the message is something else (the model
 * may still call the image tool for it). Leading mentions of Tomo are ignored.
 */
const PATTERNS: readonly RegExp[] = [
  /^(?:please\s+)?(?:draw|paint|sketch|illustrate|imagine)(?:\s+me)?\s*[:：]?\s+(?<prompt>.+)$/isu,
  /^(?:image|picture|img|draw)\s*[:：]\s*(?<prompt>.+)$/isu,
  /^(?:please\s+)?(?:generate|create|make)(?:\s+me)?\s+(?:an?\s+|some\s+|4\s+|four\s+)?(?:images?|pictures?|illustrations?|drawings?)\s+(?:of\s+|showing\s+)?(?<prompt>.+)$/isu,
  /^(?:画像|絵|イラスト)\s*[:：]\s*(?<prompt>.+)$/su,
  /^(?<prompt>.+?)の(?:画像|絵|イラスト)を(?:描いて|かいて|生成して|作って|つくって)(?:ください|下さい)?[。．!！]*$/su,
  /^(?<prompt>.+?)を(?:描いて|かいて)(?:ください|下さい)?[。．!！]*$/su,
];

const MENTION = /^(?:\s*<@[UW][A-Z0-9]+(?:\|[^>]*)?>)+\s*/u;

/** Longest description passed on (OpenAI's GPT Image limit is 32,000 characters; DALL·E 3's 4,000). */
export const MAX_IMAGE_PROMPT_CHARS = 4_000;

export function parseImageRequest(text: string): string | null {
  // The description as typed: Slack's text escapes &, < and > ("cat &amp; dog" was "cat & dog").
  const plain = unescapeSlackEntities(text.replace(MENTION, '')).trim();
  for (const pattern of PATTERNS) {
    const prompt = pattern.exec(plain)?.groups?.prompt?.trim();
    if (prompt !== undefined && prompt !== '') return [...prompt].slice(0, MAX_IMAGE_PROMPT_CHARS).join('');
  }
  return null;
}
