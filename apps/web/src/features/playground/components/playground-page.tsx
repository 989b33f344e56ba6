import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '../../../components/ui/live-status';
import { localizePath } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';
import { act, getWorld, PlaygroundError, type HomeBlock, type PlaygroundMessage, type PlaygroundWorld } from '../api/playground-api';
import { parsePlaygroundSearch, type PlaygroundSearch } from '../playground-search';
import './playground.css';

type View = { kind: 'channel'; id: string } | { kind: 'home' } | { kind: 'assistant'; threadTs: string | null };

const EMOJI: Record<string, string> = {
  jp: '🇯🇵',
  fr: '🇫🇷',
  es: '🇪🇸',
  de: '🇩🇪',
  us: '🇺🇸',
  gb: '🇬🇧',
  it: '🇮🇹',
  cn: '🇨🇳',
  kr: '🇰🇷',
  ru: '🇷🇺',
  memo: '📝',
  question: '❓',
  bulb: '💡',
  eyes: '👀',
  thinking_face: '🤔',
  hourglass_flowing_sand: '⏳',
  white_check_mark: '✅',
  // Names a workspace's custom reactions often take (Settings → Reactions suggests :tada:).
  tada: '🎉',
  rocket: '🚀',
  '+1': '👍',
  thumbsup: '👍',
  heart: '❤️',
  fire: '🔥',
  pray: '🙏',
  clap: '👏',
  wave: '👋',
  sparkles: '✨',
  star: '⭐',
  '100': '💯',
  warning: '⚠️',
  pushpin: '📌',
  mag: '🔍',
  books: '📚',
  speech_balloon: '💬',
  smile: '😄',
  joy: '😂',
};
const OFFERED_REACTIONS = ['jp', 'fr', 'memo', 'question', 'bulb'];
/** How an emoji shows: its glyph when known, else `:name:` as Slack shows a name it cannot draw. */
const glyph = (name: string) => EMOJI[name] ?? `:${name}:`;
const POLL_MS = 600;
/** The longest text file the playground takes (apps/playground/playground.routes.ts). */
const MAX_FILE_CHARACTERS = 200_000;
const route = getRouteApi('/{-$locale}/playground');
const GENERAL = 'C0GENERAL';
/** Where the workspace is one column (playground.css): an open thread then takes the view. */
const NARROW = '(max-width: 900px)';

/** `/playground`: a small view of the emulated Slack workspace the playground runs (apps/playground). */
export function PlaygroundPage() {
  const { t, i18n } = useTranslation('playground');
  const locale = useLocale();
  const [world, setWorld] = useState<PlaygroundWorld | null | undefined>(undefined);
  // Where the visitor is lives in the address, so a reload mid-answer keeps the thread open.
  const search = parsePlaygroundSearch(route.useSearch());
  const navigate = route.useNavigate();
  const view: View =
    search.view === 'home'
      ? { kind: 'home' }
      : search.view === 'assistant'
        ? { kind: 'assistant', threadTs: search.chat ?? null }
        : { kind: 'channel', id: search.channel ?? GENERAL };
  const thread = view.kind === 'channel' && search.thread ? { channel: view.id, ts: search.thread } : null;
  // The last channel the visitor was in (not the DM): what a new Assistant chat is about, as
  // Slack's assistant knows the channel you opened it from. Kept in the address on Home and in
  // the Assistant, and across a visit to the DM.
  const lastChannel = useRef(GENERAL);
  const dmId = world?.channels.find((c) => c.kind === 'dm')?.id;
  if (view.kind === 'channel' && view.id !== dmId) lastChannel.current = view.id;
  else if (view.kind !== 'channel' && search.channel && search.channel !== dmId) lastChannel.current = search.channel;
  const go = (next: View, threadTs: string | null = null) => {
    const from = lastChannel.current === GENERAL ? {} : { channel: lastChannel.current };
    const to: PlaygroundSearch =
      next.kind === 'home'
        ? { view: 'home', ...from }
        : next.kind === 'assistant'
          ? { view: 'assistant', ...from, ...(next.threadTs ? { chat: next.threadTs } : {}) }
          : { ...(next.id === GENERAL ? {} : { channel: next.id }), ...(threadTs ? { thread: threadTs } : {}) };
    void navigate({ search: to, replace: true });
  };
  const [error, setError] = useState<string | null>(null);
  // On a phone the open thread takes the view, as in Slack's mobile app (the CSS hides the
  // channel); it is brought to the top of the screen, where the channel's composer was.
  const threadPanel = useRef<HTMLElement>(null);
  const loaded = Boolean(world);
  useEffect(() => {
    if (thread && loaded && window.matchMedia?.(NARROW).matches) threadPanel.current?.scrollIntoView?.({ block: 'start' });
  }, [thread?.channel, thread?.ts, loaded]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getWorld();
        if (!stopped) setWorld(next);
      } catch {
        // A restart in progress: the next poll tries again.
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const run = useCallback(
    async <T,>(path: string, body: unknown): Promise<T | undefined> => {
      setError(null);
      try {
        const result = await act<T>(path, body, i18n.language);
        setWorld((await getWorld()) ?? null);
        return result;
      } catch (failure) {
        setError(
          failure instanceof PlaygroundError && (REFUSALS as readonly string[]).includes(failure.code)
            ? t(`refusals.${failure.code as Refusal}`)
            : t('error', { message: failure instanceof Error ? failure.message : String(failure) }),
        );
        return undefined;
      }
    },
    [t, i18n.language],
  );

  if (world === undefined) {
    return (
      <div className="container section">
        <LiveStatus>{t('loading')}</LiveStatus>
      </div>
    );
  }
  if (world === null) {
    return (
      <div className="container section playground-off">
        <h1>{t('off.title')}</h1>
        <p>{t('off.body')}</p>
      </div>
    );
  }

  const channelName = (id: string) => world.channels.find((c) => c.id === id)?.name ?? id;
  const dm = world.channels.find((c) => c.kind === 'dm');
  const contextChannel = world.channels.some((c) => c.id === lastChannel.current && c.kind === 'channel') ? lastChannel.current : GENERAL;

  const openHome = () => {
    go({ kind: 'home' });
    void run('home', {});
  };

  return (
    <div className="playground">
      <div className={world.model.configured ? 'playground-model' : 'playground-model playground-model-missing'} role="note">
        {world.model.provider === 'openai' && world.model.baseUrl ? t('model.openaiAt', { url: world.model.baseUrl }) : t(`model.${world.model.provider}`)}
      </div>
      {error ? (
        <p className="playground-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className={thread ? 'playground-workspace playground-thread-open' : 'playground-workspace'}>
        <nav className="playground-sidebar" aria-label={world.team.name}>
          <p className="playground-team">{world.team.name}</p>
          <p className="playground-me">{world.me.name}</p>
          {/* Slack's group names, drawn small above each list: the lists' labels, not headings, so
              the view's h1 is the page's first heading although the sidebar comes first, as in Slack. */}
          <p id="playground-channels" className="playground-sidebar-label">
            {t('channels')}
          </p>
          <ul aria-labelledby="playground-channels">
            {world.channels
              .filter((c) => c.kind === 'channel')
              .map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={view.kind === 'channel' && view.id === c.id ? 'page' : undefined}
                    onClick={() => {
                      go({ kind: 'channel', id: c.id });
                    }}
                  >
                    # {c.name}
                  </button>
                </li>
              ))}
          </ul>
          <p id="playground-dms" className="playground-sidebar-label">
            {t('directMessages')}
          </p>
          <ul aria-labelledby="playground-dms">
            {dm ? (
              <li>
                <button
                  type="button"
                  aria-current={view.kind === 'channel' && view.id === dm.id ? 'page' : undefined}
                  onClick={() => {
                    go({ kind: 'channel', id: dm.id });
                  }}
                >
                  {dm.name}
                </button>
              </li>
            ) : null}
          </ul>
          <p id="playground-app" className="playground-sidebar-label">
            {world.tomo.name}
          </p>
          <ul aria-labelledby="playground-app">
            <li>
              <button type="button" aria-current={view.kind === 'home' ? 'page' : undefined} onClick={openHome}>
                {t('home')}
              </button>
            </li>
            <li>
              <button
                type="button"
                aria-current={view.kind === 'assistant' ? 'page' : undefined}
                onClick={() => {
                  go({ kind: 'assistant', threadTs: null });
                }}
              >
                {t('assistant')}
              </button>
            </li>
          </ul>
          <a className="playground-settings" href={`/auth/signin?returnTo=${encodeURIComponent(localizePath('/settings', locale))}`}>
            {t('settings')}
          </a>
        </nav>

        <div className="playground-main">
          {view.kind === 'channel' ? (
            <ChannelView
              key={view.id}
              world={world}
              channelId={view.id}
              isDm={view.id === dm?.id}
              title={view.id === dm?.id ? dm.name : `# ${channelName(view.id)}`}
              onOpenThread={(ts) => go(view, ts)}
              run={run}
              onPosted={(ts, mentioned) => {
                if (mentioned && view.id !== dm?.id) go(view, ts);
              }}
            />
          ) : null}
          {view.kind === 'home' ? <HomeView world={world} run={run} onOpen={openHome} /> : null}
          {view.kind === 'assistant' && dm ? (
            <AssistantView
              world={world}
              dmId={dm.id}
              threadTs={view.threadTs}
              contextChannel={contextChannel}
              contextName={channelName(contextChannel)}
              onThread={(threadTs) => go({ kind: 'assistant', threadTs })}
              run={run}
            />
          ) : null}
        </div>

        {thread ? (
          <aside ref={threadPanel} className="playground-thread" aria-label={t('thread.title')}>
            <header>
              <h2>{t('thread.title')}</h2>
              <button type="button" onClick={() => go(view)} aria-label={t('thread.close')}>
                ×
              </button>
            </header>
            <MessageList
              world={world}
              messages={world.messages.filter((m) => m.channel === thread.channel && (m.ts === thread.ts || m.threadTs === thread.ts))}
              run={run}
            />
            <Composer tomo={world.tomo.name} label={t('composer.replyLabel')} onSend={(text, file) => run('messages', { channel: thread.channel, threadTs: thread.ts, text, ...(file ? { file } : {}) })} />
          </aside>
        ) : (
          <aside className="playground-tips" aria-label={t('tips.title')}>
            <h2>{t('tips.title')}</h2>
            <ul>
              {(t('tips.items', { returnObjects: true, name: world.tomo.name }) as string[]).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </div>
  );
}

type Run = <T>(path: string, body: unknown) => Promise<T | undefined>;

function ChannelView(props: {
  world: PlaygroundWorld;
  channelId: string;
  isDm: boolean;
  title: string;
  onOpenThread(ts: string): void;
  onPosted(ts: string, mentioned: boolean): void;
  run: Run;
}) {
  const { t } = useTranslation('playground');
  const { world, channelId, isDm } = props;
  const inChannel = world.messages.filter((m) => m.channel === channelId && m.subtype !== 'assistant_app_thread');
  // A DM reads as one conversation; a channel shows its threads folded.
  const shown = isDm ? inChannel.filter((m) => !isAssistantThread(world, m)) : inChannel.filter((m) => m.threadTs === null || m.threadTs === m.ts);
  const ephemerals = world.ephemerals.filter((e) => e.channel === channelId);
  const [queued, setQueued] = useState(false);
  return (
    <section className="playground-channel" aria-label={props.title}>
      <div className="playground-channel-header">
        <h1>{props.title}</h1>
        {isDm ? null : (
          <button
            type="button"
            className="button button-secondary"
            onClick={async () => setQueued((await props.run('summaries', { channel: channelId })) !== undefined)}
          >
            {t('summary.run')}
          </button>
        )}
      </div>
      {queued ? <p role="status">{t('summary.queued')}</p> : null}
      <MessageList world={world} messages={shown} run={props.run} onOpenThread={isDm ? undefined : props.onOpenThread} />
      {ephemerals.map((e, i) => (
        <p key={i} className="playground-ephemeral">
          <span>{t('message.onlyYou')}</span> {readable(world, e.text)}
        </p>
      ))}
      <Composer
        tomo={world.tomo.name}
        label={t('composer.label', { where: props.title })}
        onSend={async (text, file) => {
          const posted = await props.run<{ ts: string; mentioned: boolean }>('messages', { channel: channelId, text, ...(file ? { file } : {}) });
          if (posted) props.onPosted(posted.ts, posted.mentioned);
          return posted;
        }}
      />
    </section>
  );
}

function isAssistantThread(world: PlaygroundWorld, m: PlaygroundMessage): boolean {
  return m.threadTs !== null && world.messages.some((root) => root.ts === m.threadTs && root.subtype === 'assistant_app_thread');
}

function MessageList(props: { world: PlaygroundWorld; messages: PlaygroundMessage[]; run: Run; onOpenThread?: (ts: string) => void }) {
  const { t } = useTranslation('playground');
  const { world } = props;
  const end = useRef<HTMLLIElement>(null);
  const last = props.messages.at(-1);
  // The presets people try first, then the workspace's own (saved under Settings → Reactions).
  const offered = [...OFFERED_REACTIONS, ...world.customReactions.filter((name) => !OFFERED_REACTIONS.includes(name))];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [props.messages.length, last?.text.length]);
  return (
    // The log role sits on a wrapper: on the <ol> it would replace the list role, and the
    // messages would no longer be read as a list's items.
    <div className="playground-messages" role="log" aria-live="polite">
      <ol>
        {props.messages.map((m) => {
          const replies = world.messages.filter((r) => r.channel === m.channel && r.threadTs === m.ts && r.ts !== m.ts).length;
          const author = m.byTomo ? (m.username ?? world.tomo.name) : (world.people[m.user ?? ''] ?? m.username ?? m.user ?? '');
          return (
            <li key={`${m.channel}/${m.ts}`} className={m.byTomo ? 'playground-message playground-message-tomo' : 'playground-message'} data-ts={m.ts}>
              <p className="playground-author">
                {author}
                {m.byTomo ? <span className="playground-app">APP</span> : null}
              </p>
              <div className="playground-text">
                <Mrkdwn text={readable(world, m.text)} />
              </div>
              {m.streaming ? <p className="playground-writing">{t('message.writing', { name: author })}</p> : null}
              {m.files.length > 0 ? (
                <ul className={m.files.some((f) => f.image) ? 'playground-files playground-images' : 'playground-files'}>
                  {m.files.map((f) => (
                    <li key={f.id}>
                      {f.image ? <img src={`/api/playground/files/${encodeURIComponent(f.id)}`} alt={f.name} width={160} height={160} loading="lazy" /> : `📄 ${f.name}`}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="playground-reactions">
                {m.reactions.map((r) => (
                  <span key={r.name} className={r.mine ? 'playground-reaction playground-reaction-mine' : 'playground-reaction'} title={`:${r.name}:`}>
                    {glyph(r.name)} {r.count}
                  </span>
                ))}
                {m.byTomo
                  ? null
                  : offered.filter((name) => !m.reactions.some((r) => r.name === name && r.mine)).map((name) => (
                      <button
                        key={name}
                        type="button"
                        className="playground-react"
                        aria-label={t('message.react', { name: `:${name}:` })}
                        onClick={() => void props.run('reactions', { channel: m.channel, ts: m.ts, name })}
                      >
                        {glyph(name)}
                      </button>
                    ))}
                <button
                  type="button"
                  className="playground-replies"
                  onClick={() => void props.run('shortcuts', { channel: m.channel, ts: m.ts, callbackId: 'save_as_pdf' })}
                >
                  {t('message.savePdf')}
                </button>
                {props.onOpenThread ? (
                  <button type="button" className="playground-replies" onClick={() => props.onOpenThread!(m.ts)}>
                    {replies > 0 ? t('message.replies', { count: replies }) : t('message.openThread')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
        <li ref={end} aria-hidden="true" className="playground-end" />
      </ol>
    </div>
  );
}

function HomeView(props: { world: PlaygroundWorld; run: Run; onOpen(): void }) {
  const { t } = useTranslation('playground');
  const blocks = props.world.home?.blocks ?? [];
  return (
    <section className="playground-home" aria-label={t('home')}>
      <h1>{t('home')}</h1>
      {blocks.length === 0 ? <p>{t('homeView.empty', { name: props.world.tomo.name })}</p> : null}
      {blocks.map((block, i) => (
        <HomeBlockView key={i} block={block} world={props.world} run={props.run} />
      ))}
    </section>
  );
}

function HomeBlockView(props: { block: HomeBlock; world: PlaygroundWorld; run: Run }) {
  const { block } = props;
  if (block.type === 'divider') return <hr />;
  if (block.type === 'header') return <h2>{block.text?.text}</h2>;
  if (block.type === 'image') return null;
  if (block.type === 'actions') {
    return (
      <p className="playground-home-actions">
        {(block.elements ?? []).map((element, i) => {
          const label = typeof element.text === 'string' ? element.text : (element.text?.text ?? '');
          if (element.url) {
            const local = element.url.replace(/^https?:\/\/[^/]+/, '');
            return (
              <a key={i} className="button button-secondary" href={local}>
                {label}
              </a>
            );
          }
          return (
            <button key={i} type="button" className="button" onClick={() => void props.run('actions', { actionId: element.action_id ?? '' })}>
              {label}
            </button>
          );
        })}
      </p>
    );
  }
  const texts = [block.text?.text, ...(block.fields ?? []).map((f) => f.text), ...(block.elements ?? []).map((e) => (typeof e.text === 'string' ? e.text : e.text?.text))].filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  return (
    <div className={block.type === 'context' ? 'playground-home-context' : 'playground-home-section'}>
      {texts.map((text, i) => (
        <p key={i}>
          <Mrkdwn text={readable(props.world, text)} />
        </p>
      ))}
    </div>
  );
}

function AssistantView(props: {
  world: PlaygroundWorld;
  dmId: string;
  threadTs: string | null;
  contextChannel: string;
  contextName: string;
  onThread(threadTs: string): void;
  run: Run;
}) {
  const { t } = useTranslation('playground');
  const { world, dmId, threadTs } = props;
  const info = threadTs ? world.assistant.find((a) => a.key === `${dmId}/${threadTs}`) : undefined;
  const messages = threadTs ? world.messages.filter((m) => m.channel === dmId && m.threadTs === threadTs && m.ts !== threadTs) : [];
  const send = (text: string, file?: { name: string; content: string }) =>
    props.run('messages', { channel: dmId, threadTs, text, ...(file ? { file } : {}) });
  return (
    <section className="playground-assistant" aria-label={t('assistant')}>
      <h1>{info?.title ?? t('assistant')}</h1>
      <p>{t('assistantPanel.lead', { name: world.tomo.name })}</p>
      <button
        type="button"
        className="button"
        onClick={async () => {
          const started = await props.run<{ threadTs: string }>('assistant', { contextChannel: props.contextChannel });
          if (started) props.onThread(started.threadTs);
        }}
      >
        {t('assistantPanel.start', { channel: props.contextName })}
      </button>
      {threadTs ? (
        <>
          <MessageList world={world} messages={messages} run={props.run} />
          {info?.status ? <p className="playground-writing">{info.status}</p> : null}
          {info?.prompts && messages.length <= 1 ? (
            <div className="playground-prompts">
              <h2>{info.prompts.title ?? t('assistantPanel.prompts')}</h2>
              {info.prompts.prompts.map((p) => (
                <button key={p.title} type="button" className="button button-secondary" onClick={() => void send(p.message)}>
                  {p.title}
                </button>
              ))}
            </div>
          ) : null}
          <Composer tomo={world.tomo.name} label={t('composer.label', { where: t('assistant') })} onSend={send} />
        </>
      ) : null}
    </section>
  );
}

function Composer(props: { label: string; tomo: string; onSend(text: string, file?: { name: string; content: string }): Promise<unknown> }) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; content: string } | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || (text.trim() === '' && !file)) return;
    setSending(true);
    const sent = await props.onSend(text, file);
    setSending(false);
    if (sent !== undefined) {
      setText('');
      setFile(undefined);
    }
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form className="playground-composer" onSubmit={(event) => void submit(event)}>
      <textarea aria-label={props.label} placeholder={t('composer.placeholder', { name: props.tomo })} value={text} rows={2} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} />
      <div className="playground-composer-actions">
        {/* A button, not a <label> around the hidden input: a label is not in the Tab order, so a
            keyboard could never attach a file. */}
        <button type="button" className="button button-secondary" onClick={() => picker.current?.click()}>
          {t('composer.attach')}
        </button>
        <input
          ref={picker}
          type="file"
          accept=".txt,.md,.csv,.json,text/*"
          hidden
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            if (picker.current) picker.current.value = '';
            if (!chosen) return;
            // Said here, in the page's words, before anything is sent: otherwise a PDF or a picture
            // (chosen under "All files") came back as "characters Tomo cannot store", and a file
            // over the body limit as "too large to send", neither naming the file.
            const content = await chosen.text();
            const refusal = /[\0\uFFFD]/.test(content) ? 'notText' : content.length > MAX_FILE_CHARACTERS ? 'fileTooLarge' : null;
            setFileProblem(refusal ? t(`composer.${refusal}`, { name: chosen.name }) : null);
            setFile(refusal ? undefined : { name: chosen.name, content });
          }}
        />
        {fileProblem ? (
          <p className="playground-error" role="alert">
            {fileProblem}
          </p>
        ) : null}
        {file ? (
          <span className="playground-attached">
            {t('composer.attached', { name: file.name })}
            <button type="button" aria-label={t('composer.removeFile')} onClick={() => setFile(undefined)}>
              ×
            </button>
          </span>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
}

/**
 * Slack's *bold*, _italic_, ~strike~ and `code`, drawn as such (everything else stays text). As
 * in Slack, an underscore inside a word (LLM_PROVIDER) neither opens nor closes italics.
 */
function Mrkdwn(props: { text: string }) {
  const parts = props.text.split(/(`[^`\n]+`|\*[^*\n]+\*|(?<!\w)_(?:[^_\n]|(?<=\w)_(?=\w))+_(?!\w)|~[^~\n]+~)/g);
  return (
    <>
      {parts.map((part, i) => {
        if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) return <code key={i}>{part.slice(1, -1)}</code>;
        if (part.length > 2 && part.startsWith('*') && part.endsWith('*')) return <strong key={i}>{part.slice(1, -1)}</strong>;
        if (part.length > 2 && part.startsWith('_') && part.endsWith('_')) return <em key={i}>{part.slice(1, -1)}</em>;
        if (part.length > 2 && part.startsWith('~') && part.endsWith('~')) return <s key={i}>{part.slice(1, -1)}</s>;
        return part;
      })}
    </>
  );
}

/**
 * Slack's markup made readable as Slack shows it: `<@U…>` → @Name, `<#C…>` and `<#C…|label>` →
 * #name (the channel's current name, as Slack draws it), `<url|label>` → label, `<url>` → url.
 */
function readable(world: PlaygroundWorld, text: string): string {
  return text
    .replace(/<@([A-Z0-9]+)(\|[^>]*)?>/g, (_all, id: string) => `@${id === world.tomo.userId ? world.tomo.name : (world.people[id] ?? id)}`)
    .replace(
      /<#([A-Z0-9]+)(?:\|([^>]*))?>/g,
      (_all, id: string, label?: string) => `#${world.channels.find((c) => c.id === id && c.kind === 'channel')?.name ?? (label || id)}`,
    )
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The playground's refusals the page says in its own language (others show the server's words). */
const REFUSALS = ['NO_SCHEDULE', 'ALREADY_RAN'] as const;
type Refusal = (typeof REFUSALS)[number];
