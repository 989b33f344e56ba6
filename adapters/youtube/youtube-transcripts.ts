import { VideoTranscriptError, type VideoTranscript, type VideoTranscripts } from '../../core/readers/video-transcripts.port';
import { readCapped, readUpTo } from '../http/read-capped';

export const YOUTUBE_URL = 'https://www.youtube.com';
const TIMEOUT_MS = 10_000;
/**
 * Bytes read of one answer, as a web page's: the player's JSON (some hundred KB) is refused past
 * it; a timed-text document is read from its first 5 MB (hours of captions, far more than an
 * answer's budget of text; a cue cut off at the end is dropped), the rest never downloaded.
 */
export const MAX_YOUTUBE_BYTES = 5 * 1024 * 1024;
// The Android client's player response carries caption tracks whose URLs work without a
// browser session (what maintained transcript libraries use).
const PLAYER_CLIENT = { clientName: 'ANDROID', clientVersion: '20.10.38', androidSdkVersion: 30, hl: 'en' };

interface CaptionTrack {
  baseUrl?: string;
  languageCode?: string;
  kind?: string;
}

interface PlayerResponse {
  playabilityStatus?: { status?: string };
  videoDetails?: { title?: string };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: CaptionTrack[] } };
}

/**
 * YouTube's public endpoints: the InnerTube player for the title and caption tracks, then the
 * chosen track's timed text. `YOUTUBE_URL` points it elsewhere (tests, a proxy); caption
 * addresses are only followed on that same origin.
 */
export class YouTubeTranscripts implements VideoTranscripts {
  private readonly base: URL;

  constructor(options: { baseUrl?: string } = {}) {
    this.base = new URL(options.baseUrl ?? YOUTUBE_URL);
  }

  async transcript(videoId: string, options: { language: string; signal?: AbortSignal }): Promise<VideoTranscript> {
    const playerResponse = await this.request(new URL('/youtubei/v1/player?prettyPrint=false', this.base), options.signal, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ context: { client: PLAYER_CLIENT }, videoId }),
    });
    const player = parsePlayer(await this.body(() => readCapped(playerResponse, MAX_YOUTUBE_BYTES, () => new VideoTranscriptError('unavailable'))));
    const status = player.playabilityStatus?.status;
    if (status !== undefined && status !== 'OK') throw new VideoTranscriptError('not_found');
    const track = chooseTrack(player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [], options.language);
    if (track?.baseUrl === undefined) throw new VideoTranscriptError('no_captions');
    const captionsUrl = new URL(track.baseUrl.replace(/&fmt=[^&]*/, ''), this.base);
    if (captionsUrl.origin !== this.base.origin) throw new VideoTranscriptError('unavailable');
    const captions = await this.request(captionsUrl, options.signal);
    const xml = new TextDecoder().decode(await this.body(() => readUpTo(captions, MAX_YOUTUBE_BYTES)));
    const text = captionText(xml);
    if (text === '') throw new VideoTranscriptError('no_captions');
    return { videoId, title: player.videoDetails?.title ?? videoId, text, language: track.languageCode ?? options.language };
  }

  /** A body being read fails as YouTube being unavailable (a connection dropped midway, the time up). */
  private async body(read: () => Promise<Uint8Array>): Promise<Uint8Array> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof VideoTranscriptError) throw error;
      throw new VideoTranscriptError('unavailable');
    }
  }

  private async request(url: URL, signal: AbortSignal | undefined, init: RequestInit = {}): Promise<Response> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch {
      throw new VideoTranscriptError('unavailable');
    }
    if (response.status === 404) throw new VideoTranscriptError('not_found');
    if (!response.ok) throw new VideoTranscriptError('unavailable');
    return response;
  }
}

function parsePlayer(bytes: Uint8Array): PlayerResponse {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as PlayerResponse;
  } catch {
    throw new VideoTranscriptError('unavailable');
  }
}

/** The asker's language first, then English, then anything; people's captions before automatic ones. */
export function chooseTrack(tracks: readonly CaptionTrack[], language: string): CaptionTrack | undefined {
  const score = (track: CaptionTrack) => {
    const code = (track.languageCode ?? '').toLowerCase().split('-')[0];
    const lang = code === language ? 0 : code === 'en' ? 2 : 4;
    return lang + (track.kind === 'asr' ? 1 : 0);
  };
  return [...tracks].sort((a, b) => score(a) - score(b))[0];
}

/** The words of a timed-text document (`<text>` of format 1, `<p>` of format 3), entities decoded. */
export function captionText(xml: string): string {
  const cues = [...xml.matchAll(/<(text|p)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((match) =>
    decodeEntities(decodeEntities(match[2]!.replace(/<[^>]+>/g, ''))).replace(/\s+/g, ' ').trim(),
  );
  return cues.filter(Boolean).join(' ');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_all, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
