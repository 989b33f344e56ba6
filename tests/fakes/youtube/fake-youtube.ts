import type { ServerResponse } from 'node:http';
import { sendJson, startHttpFake } from '../support/http-fake';

export interface FakeVideo {
  id: string;
  title: string;
  /** Caption tracks: language → cues. */
  captions: Record<string, string[]>;
  /** True: automatic captions (`kind: asr`). */
  automatic?: boolean;
  /** Private or removed: the player says LOGIN_REQUIRED / ERROR. */
  unavailable?: boolean;
  /**
   * A hostile or huge transcript: after its cues, numbered cues (`Cue 1: …`) are streamed until
   * the document holds this many bytes (as fast as the reader takes them).
   */
  transcriptBytes?: number;
}

export interface FakeYouTube {
  /** `http://127.0.0.1:PORT`, for `YOUTUBE_URL`. */
  origin: string;
  videos: Map<string, FakeVideo>;
  /** Player requests received (video ids). */
  requests: string[];
  /** Transcripts of `transcriptBytes` the reader hung up on before their end (video ids). */
  cutOff: string[];
  close(): Promise<void>;
}

export const VIDEO_WITH_CAPTIONS: FakeVideo = {
  id: 'Lh0useKeep1',
  title: 'How lighthouse keepers lived',
  captions: {
    en: ['Welcome back to the channel.', 'Keepers trimmed the wick every four hours &amp; logged the weather.'],
    ja: ['チャンネルへようこそ。', '灯台守は四時間ごとに芯を整えました。'],
  },
};
export const VIDEO_WITHOUT_CAPTIONS: FakeVideo = { id: 'NoCapt1on00', title: 'Silent film', captions: {} };
export const PRIVATE_VIDEO: FakeVideo = { id: 'Pr1vateVid0', title: 'Private', captions: { en: ['secret'] }, unavailable: true };
/** A transcript of 64 MB: its first cue, then numbered ones to the end. */
export const VIDEO_WITH_HUGE_TRANSCRIPT: FakeVideo = {
  id: 'Hug3Transcr',
  title: 'Twelve hours of the foghorn',
  captions: { en: ['The foghorn sounds every thirty seconds.'] },
  transcriptBytes: 64 * 1024 * 1024,
};
/** The last words of `VIDEO_WITH_HUGE_TRANSCRIPT`'s transcript. */
export const HUGE_TRANSCRIPT_END = 'The last cue of the night.';

/** YouTube's InnerTube player and timed-text endpoints, for the YouTube reader. */
export async function startFakeYouTube(): Promise<FakeYouTube> {
  const videos = new Map([VIDEO_WITH_CAPTIONS, VIDEO_WITHOUT_CAPTIONS, PRIVATE_VIDEO, VIDEO_WITH_HUGE_TRANSCRIPT].map((v) => [v.id, v]));
  const requests: string[] = [];
  const cutOff: string[] = [];
  const http = await startHttpFake(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      const { videoId } = JSON.parse(body.toString('utf8') || '{}') as { videoId?: string };
      requests.push(videoId ?? '');
      const video = videos.get(videoId ?? '');
      if (video === undefined) {
        sendJson(res, 200, { playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } });
        return;
      }
      if (video.unavailable) {
        sendJson(res, 200, { playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } });
        return;
      }
      const captionTracks = Object.keys(video.captions).map((lang) => ({
        baseUrl: `${http.origin}/api/timedtext?v=${video.id}&lang=${lang}&fmt=srv3`,
        languageCode: lang,
        ...(video.automatic ? { kind: 'asr' } : {}),
      }));
      sendJson(res, 200, {
        playabilityStatus: { status: 'OK' },
        videoDetails: { videoId: video.id, title: video.title },
        ...(captionTracks.length ? { captions: { playerCaptionsTracklistRenderer: { captionTracks } } } : {}),
      });
      return;
    }
    if (url.pathname === '/api/timedtext') {
      const cues = videos.get(url.searchParams.get('v') ?? '')?.captions[url.searchParams.get('lang') ?? ''];
      if (url.searchParams.has('fmt') || cues === undefined) {
        // Format 3 needs a session token these days: an empty body, as YouTube answers.
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end('');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      const head = `<?xml version="1.0" encoding="utf-8" ?><transcript>${cues
        .map((cue, n) => `<text start="${n * 2.5}" dur="2.5">${cue.replace(/&(?!amp;)/g, '&amp;')}</text>`)
        .join('')}`;
      const video = videos.get(url.searchParams.get('v') ?? '')!;
      if (video.transcriptBytes !== undefined) {
        await streamTranscript(res, head, video.transcriptBytes, () => cutOff.push(video.id));
        return;
      }
      res.end(`${head}</transcript>`);
      return;
    }
    sendJson(res, 404, { error: 'not found' });
  });
  return { origin: http.origin, videos, requests, cutOff, close: () => http.close() };
}

/** `head`, numbered cues in chunks of about 64 KB, then the last cue, `size` bytes in all; `onCutOff` when the reader hangs up first. */
async function streamTranscript(res: ServerResponse, head: string, size: number, onCutOff: () => void): Promise<void> {
  const tail = `<text start="0" dur="2.5">${HUGE_TRANSCRIPT_END}</text></transcript>`;
  let sent = 0;
  let cue = 0;
  let closed = false;
  res.once('close', () => (closed = true));
  const write = async (text: string) => {
    sent += Buffer.byteLength(text);
    if (!res.write(text)) await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
  };
  await write(head);
  while (!closed && sent < size - tail.length) {
    let chunk = '';
    while (chunk.length < 64 * 1024) chunk += `<text start="${cue}" dur="2.5">Cue ${(cue += 1)}: the keeper logged the weather.</text>`;
    await write(chunk);
  }
  if (closed) {
    onCutOff();
    return;
  }
  res.end(tail);
}
