import type { Localized } from '../../app/messages';
import type en from '../en/use-cases';

const useCases: Localized<typeof en> = {
  index: {
    meta: {
      title: '活用例',
      description:
        'Slack での Tomo の使われ方：カスタム指示、Web 検索、Google Workspace、画像生成、医療記録、Slack 検索、Slack ワークフロー、翻訳。',
    },
    eyebrow: '活用例',
    title: 'チームが Tomo でしていること',
    lead: 'お客様が Tomo を活用している 8 つの方法を、その裏にある設定・連携・自動化とあわせてご紹介します。',
    read: '活用例を読む',
  },
  labels: {
    problem: '課題',
    how: 'Tomo ができること',
    examples: '聞いてみる',
    worksWith: '関連する機能と連携',
    all: 'すべての活用例',
  },
  pages: {
    'custom-instructions': {
      meta: {
        title: 'カスタム指示',
        description: 'システム・ワークスペース・チャンネル・ユーザーの各レベルの指示で、チームごとの働き方に合わせて Tomo が回答します。',
      },
      summary: 'チームの口調・形式・ルールに沿った回答。一度設定すればどこでも適用されます。',
    },
    'google-search': {
      meta: {
        title: 'Google 検索',
        description: 'Web から最新の情報を出典つきで。Tomo が検索し、上位の結果を読んで、それぞれの事実の出典を示します。',
      },
      summary: 'スレッドを離れずに、出典つきの最新の回答を。',
    },
    'google-workspace': {
      meta: {
        title: 'Google Workspace',
        description:
          'Slack から Google ドキュメントを要約し、スプレッドシートを分析し、スライドの構成を作成。一度接続すれば読み取り専用で利用できます。',
      },
      summary: 'ドキュメント、スプレッドシート、スライドのリンクを貼ると、要約や表、下書きが返ってきます。',
    },
    'image-generation': {
      meta: {
        title: '画像生成',
        description: 'Slack で Tomo に画像を頼むと、4 つのバリエーションから選べます。スライド、投稿、モックアップに。',
      },
      summary: 'スレッドに 4 つの画像バリエーション。スライドや投稿にすぐ使えます。',
    },
    'medical-notes': {
      meta: {
        title: '医療記録',
        description: '臨床・事務チームの記録、要約、文書の作成を Slack で支援します。データの扱いの範囲もはっきりお伝えします。',
      },
      summary: '口述メモや申し送りを構造化。判断するのは常に臨床医です。',
    },
    'slack-search': {
      meta: {
        title: 'Slack 検索',
        description: '何がどこで決まったかを Tomo に尋ねると、あなたが閲覧できる Slack のメッセージを検索し、リンクつきで答えます。',
      },
      summary: '過去の決定を、普段の言葉で尋ねるだけで Slack から見つけます。',
    },
    'slack-workflows': {
      meta: {
        title: 'Slack ワークフロー',
        description: 'ワークフローのステップ、定期要約、ボットへの自動返信、リアクションプロンプトで、定型の依頼を Tomo で自動化します。',
      },
      summary: 'ワークフロー、スケジュール、ボットのアラートに Tomo を組み込み、定型作業を自動で。',
    },
    translation: {
      meta: {
        title: '翻訳',
        description:
          '国旗の絵文字でリアクションするか Tomo に直接頼むだけで、Slack のメッセージを翻訳。用語集はカスタム指示で設定できます。',
      },
      summary: '国旗でリアクションすると、その言語のメッセージが届きます。',
    },
  },
};

export default useCases;
