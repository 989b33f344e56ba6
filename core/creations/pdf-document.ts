import type { Block } from './mrkdwn';

/** One message as the PDF shows it: who, when (in the reader's time zone), what. */
export interface PdfMessage {
  readonly author: string;
  /** Already formatted in the person's time zone and language. */
  readonly time: string;
  readonly blocks: readonly Block[];
  /** Names of files shared with the message, each on its own line ("Attachment: report.pdf"). */
  readonly attachments: readonly string[];
  /** A reply in the thread (indented under the first message). */
  readonly reply: boolean;
}

/** What the PDF holds; everything is already in the person's language. Lives in memory only. */
export interface PdfDocument {
  readonly title: string;
  /** Below the title: the conversation, who exported it and when, the time zone. */
  readonly subtitle: string;
  readonly messages: readonly PdfMessage[];
  /** Metadata: the PDF's language (`en`, `ja`). */
  readonly language: string;
}

/** Lays a document out as PDF bytes (pdfkit adapter, with a CJK font shipped through npm). */
export interface PdfRenderer {
  render(document: PdfDocument): Promise<Uint8Array>;
}
