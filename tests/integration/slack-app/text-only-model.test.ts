import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG, pdfWithText } from '../../fakes/web/documents';
import { PDF_FACT } from '../../fakes/web/fake-web';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * A text-only model on an OpenAI-compatible server (`OPENAI_IMAGE_INPUT=false`): a shared image
 * reaches it as a one-line note, and the person is told under the answer, in their language,
 * that the model could not see it. Before, only the model was told, and an answer about "the
 * chart above" could read as if the chart had been seen.
 */
describe('Images shared with a text-only model (the real server and worker, Slack and model fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ OPENAI_IMAGE_INPUT: 'false', OPENAI_IMAGE_MODEL: 'none' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());
  beforeEach(() => world.openai.reset());

  async function askAbout(files: Parameters<SlackAppWorld['slack']['addMessage']>[0]['files'], question: string, asker: string) {
    const { ws } = world;
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: 'From the review', files });
    const asked = world.slack.addMessage({ channel: ws.channel, user: asker, text: `<@${ws.team.botUserId}> ${question}`, threadTs: parent.ts });
    await sendEvent(world, mention(world, { ts: asked.ts, channel: ws.channel, user: asker, threadTs: parent.ts }));
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts).length).toBeGreaterThan(0));
    await settled(world);
    return repliesIn(world, ws.channel, parent.ts);
  }

  it('names the image under the answer as one the model cannot see, in English and in Japanese', async () => {
    world.openai.answer('I cannot see the chart.');
    const english = await askAbout([{ id: 'F0CHART1', name: 'chart.png', mimetype: 'image/png', filetype: 'png', content: ONE_PIXEL_PNG }], 'what does the chart show?', world.ws.alice);

    expect(english.at(-1)).toBe("I cannot see the chart.\n\nCould not read: `chart.png` (Tomo's model cannot see images)");
    const turn = world.openai.calls.at(-1)!.prompt.turns.at(-1)!;
    expect(turn).toMatchObject({ images: 0 });
    expect(turn.text).toContain('[An image (chart.png) was shared here; this model cannot see images.]');

    // Bob's Slack is in Japanese.
    world.openai.answer('グラフは見えません。');
    const japanese = await askAbout([{ id: 'F0CHART2', name: 'グラフ.png', mimetype: 'image/png', filetype: 'png', content: ONE_PIXEL_PNG }], 'このグラフは何？', world.ws.bob);

    expect(japanese.at(-1)).toBe('グラフは見えません。\n\n読めなかったもの: `グラフ.png` (Tomoのモデルは画像を見られません)');
  });

  it('says nothing of the kind for a document it read as text', async () => {
    world.openai.answer('The report is about Q3.');
    const replies = await askAbout([{ id: 'F0PDFTXT', name: 'q3.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText(['Q3 report', PDF_FACT]) }], 'what is the report about?', world.ws.alice);

    expect(replies.at(-1)).toBe('The report is about Q3.');
    expect(world.openai.calls.at(-1)!.prompt.turns.at(-1)!.text).toContain(PDF_FACT);
  });
});
