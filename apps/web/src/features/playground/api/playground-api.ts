/** What GET /api/playground answers: the emulated workspace as Ada, the visitor, sees it. */
export interface PlaygroundWorld {
  team: { id: string; name: string };
  me: { id: string; name: string };
  /** Tomo's bot, by the name the App settings page gave it (Tomo by default). */
  tomo: { userId: string; botId: string; name: string };
  model: { configured: boolean; provider: 'openai' | 'anthropic' | 'demo' | 'none'; message: string; baseUrl?: string };
  people: Record<string, string>;
  channels: { id: string; name: string; kind: 'channel' | 'dm' }[];
  messages: PlaygroundMessage[];
  ephemerals: { channel: string; text: string; threadTs: string | null }[];
  home: { type: string; blocks: HomeBlock[] } | null;
  /** The workspace's custom reactions (Settings → Reactions), by emoji name: offered beside the presets. */
  customReactions: string[];
  assistant: {
    key: string;
    status: string;
    title: string | null;
    prompts: { title?: string; prompts: { title: string; message: string }[] } | null;
  }[];
}

export interface PlaygroundMessage {
  channel: string;
  ts: string;
  threadTs: string | null;
  user: string | null;
  byTomo: boolean;
  username: string | null;
  text: string;
  streaming: boolean;
  subtype: string | null;
  reactions: { name: string; count: number; mine: boolean }[];
  /** `image`: a picture the page shows, from GET /api/playground/files/:id. */
  files: { id: string; name: string; image: boolean }[];
}

export interface HomeBlock {
  type: string;
  text?: { text?: string };
  elements?: { type: string; text?: string | { text?: string }; action_id?: string; url?: string }[];
  fields?: { text?: string }[];
}

/** null when the playground is off (404). */
export async function getWorld(): Promise<PlaygroundWorld | null> {
  const response = await fetch('/api/playground', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as PlaygroundWorld;
}

/** A refused playground action: `code` picks the page's own words where it has them. */
export class PlaygroundError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlaygroundError';
  }
}

/** An action; the server words a refusal in `locale`, the page's language. */
export async function act<T = unknown>(path: string, body: unknown, locale: string): Promise<T> {
  const response = await fetch(`/api/playground/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-tomo-locale': locale },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const payload = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } } & T;
  if (!response.ok) throw new PlaygroundError(payload.error?.code ?? 'UNKNOWN', payload.error?.message ?? `HTTP ${response.status}`);
  return payload;
}
