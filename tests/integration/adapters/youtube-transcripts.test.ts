import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_YOUTUBE_BYTES, YouTubeTranscripts, captionText } from '../../../adapters/youtube/youtube-transcripts';
import {
  HUGE_TRANSCRIPT_END,
  PRIVATE_VIDEO,
  VIDEO_WITH_CAPTIONS,
  VIDEO_WITH_HUGE_TRANSCRIPT,
  VIDEO_WITHOUT_CAPTIONS,
  startFakeYouTube,
  type FakeYouTube,
} from '../../fakes/youtube/fake-youtube';

describe('YouTubeTranscripts: title and captions from the public endpoints (fake on 127.0.0.1)', () => {
  let youtube: FakeYouTube;
  let transcripts: YouTubeTranscripts;
  beforeAll(async () => {
    youtube = await startFakeYouTube();
    transcripts = new YouTubeTranscripts({ baseUrl: youtube.origin });
  });
  afterAll(() => youtube.close());

  it('reads the title and the captions in the asker’s language', async () => {
    expect(await transcripts.transcript(VIDEO_WITH_CAPTIONS.id, { language: 'ja' })).toEqual({
      videoId: VIDEO_WITH_CAPTIONS.id,
      title: 'How lighthouse keepers lived',
      text: 'チャンネルへようこそ。 灯台守は四時間ごとに芯を整えました。',
      language: 'ja',
    });
  });

  it('falls back to English captions, entities decoded', async () => {
    const video = await transcripts.transcript(VIDEO_WITH_CAPTIONS.id, { language: 'fr' });

    expect(video).toMatchObject({ language: 'en', text: 'Welcome back to the channel. Keepers trimmed the wick every four hours & logged the weather.' });
  });

  it.each([
    ['a video without captions', VIDEO_WITHOUT_CAPTIONS.id, 'no_captions'],
    ['a private video', PRIVATE_VIDEO.id, 'not_found'],
    ['an unknown video', 'Unknown0000', 'not_found'],
  ])('reports %s as %s', async (_name, id, failure) => {
    await expect(transcripts.transcript(id, { language: 'en' })).rejects.toMatchObject({ failure });
  });

  it('reports YouTube being unreachable as unavailable', async () => {
    const nowhere = new YouTubeTranscripts({ baseUrl: 'http://127.0.0.1:1' });

    await expect(nowhere.transcript(VIDEO_WITH_CAPTIONS.id, { language: 'en' })).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('reads a 64 MB transcript from its first 5 MB only, and hangs up on the rest', async () => {
    const video = await transcripts.transcript(VIDEO_WITH_HUGE_TRANSCRIPT.id, { language: 'en' });

    expect(video.text.startsWith('The foghorn sounds every thirty seconds. Cue 1: the keeper logged the weather. Cue 2:')).toBe(true);
    expect(video.text).not.toContain(HUGE_TRANSCRIPT_END);
    expect(video.text.length).toBeLessThan(MAX_YOUTUBE_BYTES);
    // Cut between cues: the last one read is whole.
    expect(video.text).toMatch(/Cue \d+: the keeper logged the weather\.$/);
    await vi.waitFor(() => expect(youtube.cutOff).toContain(VIDEO_WITH_HUGE_TRANSCRIPT.id));
  });

  it('reads both timed-text formats', () => {
    expect(captionText('<timedtext><body><p t="0" d="10">Hello <s>there</s></p><p t="10">again</p></body></timedtext>')).toBe('Hello there again');
  });
});
