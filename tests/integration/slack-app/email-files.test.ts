import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * An email sent to a channel through Slack's "Send emails to Slack" arrives as a file of
 * filetype and mode `email`, with its subject, senders, recipients, Date header and plain-text
 * body in the file object. Tomo reads those: before, it downloaded the HTML part alone (no sender,
 * no date), so "draft a reply to this email" went to the model without knowing whom to answer.
 */
describe('Emails sent to Slack (the real server and worker, Slack and model fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ OPENAI_IMAGE_MODEL: 'none' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());

  it("gives the model the email's headers and plain-text body, without downloading it", async () => {
    const { ws, slack } = world;
    const forwarded = slack.addMessage({
      channel: ws.channel,
      user: 'USLACKBOT',
      text: '',
      files: [
        {
          id: 'F0EMAIL1',
          name: 'Delivery delayed',
          mimetype: 'text/html',
          filetype: 'email',
          content: Buffer.from('<html><body><p>Our shipment is two days late.</p></body></html>'),
          email: {
            subject: 'Delivery delayed',
            from: [{ name: 'Aiko Sato', address: 'aiko@customer.example' }],
            to: [{ name: 'Support', address: 'support@tomo.example' }],
            cc: [{ name: 'Ken Ito', address: 'ken@customer.example' }],
            date: 'Fri, 20 Nov 2026 09:30:00 +0900',
            plainText: 'Hello,\n\nOur shipment #4417 is two days late. When will it arrive?\n\nAiko',
          },
        },
      ],
    });
    const downloads = () => slack.calls.filter((call) => call.path.startsWith('/files-pri/')).length;
    const before = downloads();
    world.openai.answer('Here is a draft reply to Aiko.');

    const asked = slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> draft a reply to this email`, threadTs: forwarded.ts });
    await sendEvent(world, mention(world, { ts: asked.ts, channel: ws.channel, threadTs: forwarded.ts }));
    await eventually(() => expect(repliesIn(world, ws.channel, forwarded.ts).length).toBeGreaterThan(0));
    await settled(world);

    expect(repliesIn(world, ws.channel, forwarded.ts).at(-1)).toBe('Here is a draft reply to Aiko.');
    const question = world.openai.calls.at(-1)!.prompt.turns.at(-1)!.text;
    expect(question).toContain(
      [
        'Subject: Delivery delayed',
        'From: Aiko Sato <aiko@customer.example>',
        'To: Support <support@tomo.example>',
        'Cc: Ken Ito <ken@customer.example>',
        'Date: Fri, 20 Nov 2026 09:30:00 +0900',
        '',
        'Hello,',
        '',
        'Our shipment #4417 is two days late. When will it arrive?',
      ].join('\n'),
    );
    expect(question).toContain('title="Delivery delayed"');
    expect(downloads()).toBe(before);
  });
});
