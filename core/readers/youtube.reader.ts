import { ReaderError, type Reader } from './reader';
import { VideoTranscriptError, type VideoTranscripts } from './video-transcripts.port';

const ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, shorts, embed, live), if it is one. */
export function youTubeVideoId(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parsed.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = parsed.pathname.split('/').slice(1);
    id = first === 'watch' ? parsed.searchParams.get('v') : ['shorts', 'embed', 'live', 'v'].includes(first ?? '') ? second : undefined;
  }
  // `embed/videoseries?list=…` embeds a playlist; the word happens to be 11 characters long.
  return id && ID.test(id) && id !== 'videoseries' ? id : undefined;
}

/** YouTube links: the title and transcript instead of the watch page. Counts as a URL reader. */
export function youTubeReader(transcripts: VideoTranscripts): Reader {
  return {
    kind: 'youtube',
    counts: 'link',
    accepts: (source) => source.type === 'link' && youTubeVideoId(source.url) !== undefined,
    status: () => ({ code: 'reading_video' }),
    async read(source, context) {
      const videoId = source.type === 'link' ? youTubeVideoId(source.url) : undefined;
      if (videoId === undefined) throw new ReaderError('unsupported');
      try {
        const video = await transcripts.transcript(videoId, { language: context.locale, signal: context.signal });
        return { title: video.title, text: `Transcript (${video.language}):\n${video.text}`, url: `https://www.youtube.com/watch?v=${videoId}` };
      } catch (error) {
        if (!(error instanceof VideoTranscriptError)) throw error;
        throw new ReaderError(error.failure === 'unavailable' ? 'failed' : error.failure === 'no_captions' ? 'unsupported' : 'not_found');
      }
    },
  };
}
