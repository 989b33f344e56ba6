import type en from '../en/playground';
import type { Localized } from '../../app/messages';

const playground: Localized<typeof en> = {
  meta: {
    title: 'プレイグラウンド',
    description: 'Slack アカウントなしで、手元のマシン上のエミュレートされた Slack ワークスペースで Tomo のすべての機能を試せます。',
  },
  title: 'プレイグラウンド',
  lead: 'このマシン上のエミュレートされた Slack ワークスペースです。Tomo はインストール済みで、あなたは管理者の Ada です。',
  off: {
    title: 'プレイグラウンドはオフです',
    body: '`npm start` で、Slack アプリが設定されていない（SLACK_CLIENT_ID、SLACK_CLIENT_SECRET、SLACK_SIGNING_SECRET、SLACK_APP_TOKEN が未設定）かつ NODE_ENV が production でない場合にだけ動きます。',
  },
  loading: 'ワークスペースを読み込んでいます…',
  channels: 'チャンネル',
  directMessages: 'ダイレクトメッセージ',
  home: 'App Home',
  assistant: 'アシスタント',
  settings: '設定（Ada としてサインイン）',
  composer: {
    label: '{{where}} へのメッセージ',
    replyLabel: 'スレッドで返信',
    placeholder: 'メッセージを入力。@{{name}} で {{name}} にメンションできます。',
    send: '送信',
    attach: 'テキストファイルを添付',
    attached: '添付: {{name}}',
    removeFile: 'ファイルを外す',
    notText: '{{name}} はテキストファイルではありません。テキストファイル（.txt、.md、.csv、.json など）を添付してください。',
    fileTooLarge: '{{name}} は長すぎます。添付できるテキストファイルは 200,000 文字までです。',
  },
  message: {
    replies_one: '{{count}} 件の返信',
    replies_other: '{{count}} 件の返信',
    openThread: 'スレッドで返信',
    react: '{{name}} でリアクション',
    writing: '{{name}} が入力中…',
    onlyYou: 'あなただけに表示されています',
    savePdf: 'PDF として保存',
  },
  thread: {
    title: 'スレッド',
    close: 'スレッドを閉じる',
  },
  homeView: {
    empty: '{{name}} はまだ Home を公開していません。',
    open: 'App Home を開く',
  },
  assistantPanel: {
    lead: 'Slack の AI アプリビュー: どのチャンネルの横でも {{name}} と話せます。',
    start: '#{{channel}} について新しいチャット',
    prompts: 'おすすめのプロンプト',
  },
  tips: {
    title: '試してみること',
    items: [
      '#general で @{{name}} にメンションして質問する、または Web ページのリンクを貼る。',
      '{{name}} にダイレクトメッセージを送る。',
      'メッセージに国旗でリアクションして翻訳、📝 で要約。',
      'テキストファイルを添付して {{name}} に質問する。',
      'App Home を開く、またはアシスタントでチャットを始める。',
      '設定を開く（管理者の Ada としてサインイン）: 指示、リアクション、スケジュールの変更がすぐここに反映されます。',
    ],
  },
  summary: {
    run: '今日の要約をいま実行',
    queued: '要約をキューに入れました。まもなくこのチャンネルに投稿されます。スケジュールは 1 日 1 回で、これが今日の実行になります。',
  },
  model: {
    demo: '回答はオフラインのデモモデル（LLM_PROVIDER=demo）によるものです。Tomo が受け取った内容を報告するだけで、モデルではないと明記されます。実際の回答を得るには OPENAI_API_KEY または ANTHROPIC_API_KEY を設定し、LLM_PROVIDER を外してください。',
    openai: '回答は OpenAI によるものです。',
    openaiAt: '回答は {{url}} の OpenAI 互換サーバーによるものです。',
    anthropic: '回答は Anthropic によるものです。',
    none: 'モデルが設定されていないため、Tomo はエラーを伝えることしかできません。Tomo を止めて、OPENAI_API_KEY=sk-…（ローカルの Ollama なら OPENAI_BASE_URL=http://127.0.0.1:11434/v1 と OPENAI_API_KEY=ollama）、ANTHROPIC_API_KEY=sk-ant-…、またはオフラインのデモモデルなら LLM_PROVIDER=demo を付けて起動し直してください。',
  },
  refusals: {
    NO_SCHEDULE: 'このチャンネルには毎日の要約が設定されていません。先に 設定 → スケジュール でオンにしてください。',
    ALREADY_RAN: 'このチャンネルの今日の要約はすでに実行されました。スケジュールは 1 日 1 回なので、次は明日です。',
  },
  error: 'うまくいきませんでした: {{message}}',
};

export default playground;
