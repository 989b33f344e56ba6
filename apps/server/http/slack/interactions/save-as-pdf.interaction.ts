import { translate } from '../../../../shared/messages';
import { SLACK_QUEUES, type PdfJob } from '../../../../shared/slack-jobs';
import type { InteractionHandler } from './interaction-handler';

/** The two message shortcuts of the manifest and where each sends the PDF. */
export const SAVE_AS_PDF_SHORTCUTS: Readonly<Record<string, PdfJob['destination']>> = {
  save_as_pdf: 'dm',
  save_as_pdf_thread: 'thread',
};

/**
 * The "Save as PDF" message shortcuts (manifest `features.shortcuts`): Slack sends a
 * `message_action` with the channel and the message; the PDF is made in a job (ids only, the
 * shortcut's trigger id as the claim, so a redelivery makes no second PDF) and goes to the
 * person's DM ("Save as PDF", the default) or into the message's thread for everyone ("Save as
 * PDF in thread"). The ack is empty: Slack shows nothing for a message shortcut's ack.
 * A Slack Connect partner's shortcut may name no workspace that installed Tomo (their own
 * `team`, and a message of theirs): no token can read the message, so instead of a job that
 * would do nothing they are told through the shortcut's `response_url`, in English and
 * Japanese (the payload carries no language).
 */
export const saveAsPdf: InteractionHandler = {
  name: 'save-as-pdf',
  matches: (interaction) => interaction.type === 'message_action' && Object.hasOwn(SAVE_AS_PDF_SHORTCUTS, interaction.callback_id ?? ''),
  async handle({ interaction, teamId, userId, installed, respond, queue, logger }) {
    if (installed === false) {
      const responseUrl = interaction.response_url;
      if (responseUrl && respond) await respond(responseUrl, `${translate('PDF.NOT_INSTALLED', {}, 'en')}\n${translate('PDF.NOT_INSTALLED', {}, 'ja')}`);
      logger.info({ teamId, told: Boolean(responseUrl && respond) }, 'Save as PDF: no workspace the shortcut names has Tomo installed');
      return {};
    }
    const channelId = interaction.channel?.id;
    const messageTs = interaction.message?.ts ?? (interaction as { message_ts?: string }).message_ts;
    const clickId = interaction.trigger_id;
    if (!channelId || !messageTs || !clickId) {
      logger.warn({ teamId }, 'Save as PDF: the shortcut named no channel, message or trigger id');
      return {};
    }
    const payload: PdfJob = { eventId: `pdf:${clickId}`.slice(0, 64), teamId, userId, channelId, messageTs, destination: SAVE_AS_PDF_SHORTCUTS[interaction.callback_id!]! };
    await queue.send(SLACK_QUEUES.slackPdf.name, payload, { dedupeKey: `${teamId}:pdf:${clickId}` });
    return {};
  },
};
