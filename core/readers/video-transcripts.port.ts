/** Title and captions of a video (YouTube), read through public endpoints behind a configurable base URL. */
export interface VideoTranscript {
  readonly videoId: string;
  readonly title: string;
  /** The captions as running text (timestamps dropped). */
  readonly text: string;
  /** The caption language used (`en`, `ja`, …). */
  readonly language: string;
}

/** `no_captions`: the video exists but has no transcript Tomo can read. */
export class VideoTranscriptError extends Error {
  override readonly name = 'VideoTranscriptError';
  constructor(readonly failure: 'not_found' | 'no_captions' | 'unavailable') {
    super(`Video transcript: ${failure}`);
  }
}

export interface VideoTranscripts {
  /** Prefers captions in `language`, then English, then whatever exists. */
  transcript(videoId: string, options: { language: string; signal?: AbortSignal }): Promise<VideoTranscript>;
}
