import type { Request, Response } from 'express';
import { requestLocale } from '../server/http/session/request-locale';

/**
 * What the playground's API answers when it refuses an action, in en and ja: the page shows
 * the message as it comes (or its own words for NO_SCHEDULE and ALREADY_RAN), so on /ja it
 * must already be Japanese. Zod schemas name one of these keys as their message.
 */
const PLAYGROUND_MESSAGES = {
  INVALID_SIGN_IN: { en: 'The sign-in request is not valid.', ja: 'サインインのリクエストが正しくありません。' },
  NOT_THIS_MACHINE: {
    en: 'The playground answers only on the machine it runs on. To open it from another device, set PUBLIC_URL to the address that device uses.',
    ja: 'プレイグラウンドは実行中のマシン上でのみ応答します。別の端末から開くには、その端末が使うアドレスを PUBLIC_URL に設定してください。',
  },
  FOREIGN_HOST: {
    en: 'The playground answers only at its own address (PUBLIC_URL) or at localhost.',
    ja: 'プレイグラウンドは自身のアドレス（PUBLIC_URL）または localhost でのみ応答します。',
  },
  EMPTY_MESSAGE: { en: 'Write a message or attach a file.', ja: 'メッセージを入力するか、ファイルを添付してください。' },
  MESSAGE_TOO_LONG: { en: 'A message can be at most 4,000 characters long.', ja: 'メッセージは 4,000 文字までです。' },
  FILE_TOO_LARGE: {
    en: 'An attached text file can be at most 200,000 characters long.',
    ja: '添付できるテキストファイルは 200,000 文字までです。',
  },
  INVALID_INPUT: {
    en: 'The playground could not do this: what was sent is not valid. Reload the page and try again.',
    ja: '送信内容が正しくないため、プレイグラウンドで実行できませんでした。ページを再読み込みしてから、もう一度お試しください。',
  },
  NO_SUCH_EMOJI: { en: 'There is no such emoji.', ja: 'その絵文字はありません。' },
  NO_SUCH_MESSAGE: { en: 'This message no longer exists.', ja: 'このメッセージはもうありません。' },
  NO_SUCH_FILE: { en: 'There is no such picture.', ja: 'その画像はありません。' },
  NO_SUCH_CHANNEL: { en: 'There is no such channel.', ja: 'そのチャンネルはありません。' },
  NO_SCHEDULE: {
    en: 'This channel has no daily summary: turn one on under Settings → Schedules first.',
    ja: 'このチャンネルには毎日の要約が設定されていません。先に 設定 → スケジュール でオンにしてください。',
  },
  ALREADY_RAN: {
    en: 'Today’s summary of this channel has already run: a schedule runs once a day, so the next one is tomorrow’s.',
    ja: 'このチャンネルの今日の要約はすでに実行されました。スケジュールは 1 日 1 回なので、次は明日です。',
  },
} as const;

export type PlaygroundMessage = keyof typeof PLAYGROUND_MESSAGES;

export function isPlaygroundMessage(key: string): key is PlaygroundMessage {
  return Object.hasOwn(PLAYGROUND_MESSAGES, key);
}

/** `{ error: { code, message } }` with the message in the request's language (X-Tomo-Locale, else Accept-Language). */
export function refuse(req: Request, res: Response, status: number, code: string, message: PlaygroundMessage): void {
  res.status(status).json({ error: { code, message: PLAYGROUND_MESSAGES[message][requestLocale(req)] } });
}
