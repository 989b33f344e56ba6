import type { ErrorParams } from '../../../core/shared/domain-error';
import type { Locale } from '../../../core/workspace/user';
import { fillTemplate } from './translate';

/** What App Home's uploaders and their modals say (issue 13), in English and Japanese. */
const en = {
  'KNOWLEDGE.TITLE': 'Knowledge',
  'KNOWLEDGE.INTRO':
    'Upload web pages, PDFs and repositories: {appName} searches them when a question needs them (the HTML search, PDF search and Repository search plugins). Passages are stored encrypted with their vectors; original files are not kept.',
  'KNOWLEDGE.USAGE': '{sources} of {maxSources} sources · {chunks} of {maxChunks} passages ({plan} plan)',
  'KNOWLEDGE.SECTION_WEB': '*Web URL*',
  'KNOWLEDGE.SECTION_PDF': '*PDF*',
  'KNOWLEDGE.SECTION_REPOSITORY': '*Repository*',
  'KNOWLEDGE.ADD_WEB': 'Add a web page or site',
  'KNOWLEDGE.ADD_PDF': 'Upload PDFs',
  'KNOWLEDGE.ADD_REPOSITORY': 'Add a repository',
  'KNOWLEDGE.EMPTY': '_Nothing added yet._',
  'KNOWLEDGE.MORE': '…and {count} more.',
  'KNOWLEDGE.STATUS_QUEUED': 'Queued',
  'KNOWLEDGE.STATUS_READING': 'Reading…',
  'KNOWLEDGE.STATUS_EMBEDDING': 'Embedding {done}/{total}',
  'KNOWLEDGE.STATUS_READY': 'Ready',
  'KNOWLEDGE.STATUS_FAILED': 'Failed: {reason}',
  'KNOWLEDGE.FAILURE.fetch_failed': 'the address could not be read (not reachable, or not allowed).',
  'KNOWLEDGE.FAILURE.not_found': 'nothing was found at this address.',
  'KNOWLEDGE.FAILURE.too_large': 'it is too large.',
  'KNOWLEDGE.FAILURE.no_text': 'it has no text to read (a scanned PDF needs OCR first).',
  'KNOWLEDGE.FAILURE.unsupported': 'this kind of content cannot be read.',
  'KNOWLEDGE.FAILURE.quota_sources': 'the workspace has as many sources as its plan allows.',
  'KNOWLEDGE.FAILURE.quota_chunks': 'it would pass the plan’s passage limit. Delete a source or upgrade the plan.',
  'KNOWLEDGE.FAILURE.embedding_failed': 'the embeddings service refused it. An admin should check the embeddings settings.',
  'KNOWLEDGE.FAILURE.not_authorized': 'Tomo may not read it (a private repository, or a file it cannot open).',
  'KNOWLEDGE.FAILURE.robots_disallowed': 'the site’s robots.txt does not allow {appName} to read this page.',
  'KNOWLEDGE.FAILURE.login_required': 'the page asks to sign in, and {appName} reads only pages anyone can open. Upload it as a PDF instead.',
  'KNOWLEDGE.FAILURE.duplicate_content': 'the workspace already has this file as a source (the same PDF, uploaded before). Delete this one.',
  'KNOWLEDGE.FAILURE.needs_javascript': 'the page shows its text only through JavaScript, which {appName} does not run. Add a page whose text is in its HTML, or upload it as a PDF.',
  'KNOWLEDGE.LINE': '*{title}* · {status}\n{size} · {chunks} {chunks:passage|passages} · added by <@{user}> on {date}',
  'KNOWLEDGE.ROBOTS_LEFT_OUT': '{count} {count:page|pages} left out: the site’s robots.txt does not allow {appName} to read them.',
  'KNOWLEDGE.REPOSITORY_CUT': 'Only the first {count} {count:file|files} read: the repository is larger than {appName} reads, so the rest was left out.',
  'KNOWLEDGE.DELETE': 'Delete',
  'KNOWLEDGE.RETRY': 'Try again',
  'KNOWLEDGE.CONFIRM_TITLE': 'Delete this source?',
  'KNOWLEDGE.CONFIRM_TEXT': '{appName} forgets “{title}” and all its passages. This cannot be undone.',
  'KNOWLEDGE.CONFIRM_YES': 'Delete',
  'KNOWLEDGE.CONFIRM_NO': 'Cancel',
  'KNOWLEDGE.MODAL_WEB_TITLE': 'Add a web page',
  'KNOWLEDGE.MODAL_PDF_TITLE': 'Upload PDFs',
  'KNOWLEDGE.MODAL_REPOSITORY_TITLE': 'Add a repository',
  'KNOWLEDGE.MODAL_SUBMIT': 'Add',
  'KNOWLEDGE.MODAL_CANCEL': 'Cancel',
  'KNOWLEDGE.MODAL_URL_LABEL': 'Address',
  'KNOWLEDGE.MODAL_URL_HINT': 'A page, or the start of a site: {appName} then follows the site’s own links or its sitemap.',
  'KNOWLEDGE.MODAL_PAGES_LABEL': 'Pages to read (1 to {max})',
  'KNOWLEDGE.MODAL_PDF_LABEL': 'PDF files',
  'KNOWLEDGE.MODAL_PDF_HINT': 'Up to 5 PDFs of 50 MB each. Only their text is kept, as encrypted passages.',
  'KNOWLEDGE.MODAL_REPOSITORY_LABEL': 'GitHub repository',
  'KNOWLEDGE.MODAL_REPOSITORY_HINT': 'Like https://github.com/owner/name. Code, docs and configuration are read, binaries and vendored files skipped. A private repository is read with your own GitHub connection (Integrations page), and then everyone in this workspace can search it.',
  'KNOWLEDGE.ERROR_URL': 'Enter an http or https address, like https://example.com/docs.',
  'KNOWLEDGE.ERROR_GITHUB': 'Enter a GitHub repository address, like https://github.com/owner/name.',
  'KNOWLEDGE.ERROR_PAGES': 'Enter a number from 1 to {max}.',
  'KNOWLEDGE.ERROR_PDF_ONLY': 'Only PDF files can be added: {names}.',
  'KNOWLEDGE.ERROR_NO_FILE': 'Choose at least one PDF.',
  'KNOWLEDGE.ERROR_QUOTA_SOURCES': 'The workspace already has {max} sources, the most the {plan} plan allows. Delete one or upgrade the plan.',
  'KNOWLEDGE.ERROR_QUOTA_SOURCES_ROOM': 'The {plan} plan allows {max} sources and the workspace has {held}, so {room} more {room:fits|fit}. Choose fewer files, delete a source or upgrade the plan.',
  'KNOWLEDGE.ERROR_NOT_INSTALLED': '{appName} is not installed in this workspace any more.',
  'KNOWLEDGE.ERROR_DUPLICATE_WEB': 'The workspace already has this address as a source. To read it again or with other pages, delete that source first.',
  'KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY': 'The workspace already has this repository as a source. To read it again, delete that source first.',
  'KNOWLEDGE.GUEST_READ_ONLY':
    'Guests and people from other organizations can see these sources but not add them, since every answer in the workspace may search them. Ask a member of the workspace.',
  'KNOWLEDGE.ERROR_GUEST':
    "Guests and people from other organizations cannot add sources to this workspace's knowledge, since every answer may search them. Ask a member of the workspace.",
  'KNOWLEDGE.ERROR_MEMBER_UNKNOWN': 'Slack did not say in time whether you are a member of this workspace, so nothing was added. Submit again.',
} as const;

export type KnowledgeTextCode = keyof typeof en;

const ja: Readonly<Record<KnowledgeTextCode, string>> = {
  'KNOWLEDGE.TITLE': 'ナレッジ',
  'KNOWLEDGE.INTRO':
    'ウェブページ、PDF、リポジトリをアップロードすると、質問に必要なときに{appName}が検索します（HTML検索・PDF検索・リポジトリ検索プラグイン）。本文はベクトルとともに暗号化して保存され、元のファイルは保持しません。',
  'KNOWLEDGE.USAGE': 'ソース {sources}/{maxSources} 件・パッセージ {chunks}/{maxChunks} 件（{plan}プラン）',
  'KNOWLEDGE.SECTION_WEB': '*ウェブURL*',
  'KNOWLEDGE.SECTION_PDF': '*PDF*',
  'KNOWLEDGE.SECTION_REPOSITORY': '*リポジトリ*',
  'KNOWLEDGE.ADD_WEB': 'ページ・サイトを追加',
  'KNOWLEDGE.ADD_PDF': 'PDFをアップロード',
  'KNOWLEDGE.ADD_REPOSITORY': 'リポジトリを追加',
  'KNOWLEDGE.EMPTY': '_まだ何も追加されていません。_',
  'KNOWLEDGE.MORE': '…ほか {count} 件',
  'KNOWLEDGE.STATUS_QUEUED': '待機中',
  'KNOWLEDGE.STATUS_READING': '読み込み中…',
  'KNOWLEDGE.STATUS_EMBEDDING': 'ベクトル化中 {done}/{total}',
  'KNOWLEDGE.STATUS_READY': '完了',
  'KNOWLEDGE.STATUS_FAILED': '失敗：{reason}',
  'KNOWLEDGE.FAILURE.fetch_failed': 'このアドレスを読み込めませんでした（到達できないか、許可されていません）。',
  'KNOWLEDGE.FAILURE.not_found': 'このアドレスには何も見つかりませんでした。',
  'KNOWLEDGE.FAILURE.too_large': 'サイズが大きすぎます。',
  'KNOWLEDGE.FAILURE.no_text': '読み取れるテキストがありません（スキャンしたPDFは先にOCRが必要です）。',
  'KNOWLEDGE.FAILURE.unsupported': 'この種類の内容は読み込めません。',
  'KNOWLEDGE.FAILURE.quota_sources': 'ワークスペースのソース数がプランの上限に達しています。',
  'KNOWLEDGE.FAILURE.quota_chunks': 'プランのパッセージ上限を超えます。ソースを削除するか、プランをアップグレードしてください。',
  'KNOWLEDGE.FAILURE.embedding_failed': 'ベクトル化サービスに拒否されました。管理者が設定を確認してください。',
  'KNOWLEDGE.FAILURE.not_authorized': '読み込む権限がありません（非公開のリポジトリや、開けないファイル）。',
  'KNOWLEDGE.FAILURE.robots_disallowed': 'サイトの robots.txt が {appName} によるこのページの読み込みを許可していません。',
  'KNOWLEDGE.FAILURE.login_required': 'このページはサインインが必要です。{appName}は誰でも開けるページだけを読み込みます。代わりにPDFとしてアップロードしてください。',
  'KNOWLEDGE.FAILURE.duplicate_content': 'このファイルはすでにワークスペースのソースにあります（以前にアップロードされた同じPDF）。こちらは削除してください。',
  'KNOWLEDGE.FAILURE.needs_javascript': 'このページは本文を JavaScript で表示するため読み込めません（{appName}は JavaScript を実行しません）。本文が HTML にあるページを追加するか、PDFとしてアップロードしてください。',
  'KNOWLEDGE.LINE': '*{title}*・{status}\n{size}・パッセージ {chunks} 件・<@{user}> が {date} に追加',
  'KNOWLEDGE.ROBOTS_LEFT_OUT': '{count} ページを除外しました：サイトの robots.txt が {appName} による読み込みを許可していません。',
  'KNOWLEDGE.REPOSITORY_CUT': '最初の {count} ファイルだけを読み込みました：リポジトリが {appName} の読み込める量を超えているため、残りは除外しました。',
  'KNOWLEDGE.DELETE': '削除',
  'KNOWLEDGE.RETRY': '再試行',
  'KNOWLEDGE.CONFIRM_TITLE': 'このソースを削除しますか？',
  'KNOWLEDGE.CONFIRM_TEXT': '{appName}は「{title}」とそのすべてのパッセージを削除します。元に戻せません。',
  'KNOWLEDGE.CONFIRM_YES': '削除',
  'KNOWLEDGE.CONFIRM_NO': 'キャンセル',
  'KNOWLEDGE.MODAL_WEB_TITLE': 'ウェブページを追加',
  'KNOWLEDGE.MODAL_PDF_TITLE': 'PDFをアップロード',
  'KNOWLEDGE.MODAL_REPOSITORY_TITLE': 'リポジトリを追加',
  'KNOWLEDGE.MODAL_SUBMIT': '追加',
  'KNOWLEDGE.MODAL_CANCEL': 'キャンセル',
  'KNOWLEDGE.MODAL_URL_LABEL': 'アドレス',
  'KNOWLEDGE.MODAL_URL_HINT': 'ページ、またはサイトの入口。{appName}はサイト内のリンクかサイトマップをたどります。',
  'KNOWLEDGE.MODAL_PAGES_LABEL': '読み込むページ数（1〜{max}）',
  'KNOWLEDGE.MODAL_PDF_LABEL': 'PDFファイル',
  'KNOWLEDGE.MODAL_PDF_HINT': '1件50 MBまで、最大5件。テキストだけを暗号化したパッセージとして保存します。',
  'KNOWLEDGE.MODAL_REPOSITORY_LABEL': 'GitHubリポジトリ',
  'KNOWLEDGE.MODAL_REPOSITORY_HINT': '例：https://github.com/owner/name。コード・ドキュメント・設定を読み込み、バイナリや同梱された外部ライブラリは除きます。非公開リポジトリはあなた自身のGitHub連携（連携ページ）で読み込み、その後はこのワークスペースの全員が検索できます。',
  'KNOWLEDGE.ERROR_URL': 'http または https のアドレスを入力してください（例：https://example.com/docs）。',
  'KNOWLEDGE.ERROR_GITHUB': 'GitHubリポジトリのアドレスを入力してください（例：https://github.com/owner/name）。',
  'KNOWLEDGE.ERROR_PAGES': '1〜{max}の数を入力してください。',
  'KNOWLEDGE.ERROR_PDF_ONLY': '追加できるのはPDFだけです：{names}',
  'KNOWLEDGE.ERROR_NO_FILE': 'PDFを1つ以上選んでください。',
  'KNOWLEDGE.ERROR_QUOTA_SOURCES': 'ワークスペースのソースはすでに {max} 件で、{plan}プランの上限です。削除するか、プランをアップグレードしてください。',
  'KNOWLEDGE.ERROR_QUOTA_SOURCES_ROOM': '{plan}プランのソース上限は {max} 件で、ワークスペースにはすでに {held} 件あるため、追加できるのはあと {room} 件です。ファイルを減らすか、ソースを削除するか、プランをアップグレードしてください。',
  'KNOWLEDGE.ERROR_NOT_INSTALLED': '{appName}はこのワークスペースにインストールされていません。',
  'KNOWLEDGE.ERROR_DUPLICATE_WEB': 'このアドレスはすでにワークスペースのソースにあります。読み込み直すかページ数を変えるには、先にそのソースを削除してください。',
  'KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY': 'このリポジトリはすでにワークスペースのソースにあります。読み込み直すには、先にそのソースを削除してください。',
  'KNOWLEDGE.GUEST_READ_ONLY':
    'ゲストや他の組織のメンバーは、これらのソースを見ることはできますが、追加はできません（ワークスペースのすべての回答が検索するためです）。ワークスペースのメンバーに依頼してください。',
  'KNOWLEDGE.ERROR_GUEST':
    'ゲストや他の組織のメンバーは、このワークスペースのナレッジにソースを追加できません（すべての回答が検索するためです）。ワークスペースのメンバーに依頼してください。',
  'KNOWLEDGE.ERROR_MEMBER_UNKNOWN': 'このワークスペースのメンバーかどうか、Slackから時間内に応答がなかったため、何も追加していません。もう一度送信してください。',
};

export const knowledgeCatalogues = { en, ja } as const;

export function knowledgeText(code: KnowledgeTextCode, params: ErrorParams = {}, locale: Locale = 'en'): string {
  return fillTemplate((locale === 'ja' ? ja : en)[code], params);
}

/** Bytes as a person reads them (1.2 MB). */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
