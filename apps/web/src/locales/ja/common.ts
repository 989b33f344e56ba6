import type { Localized } from '../../app/messages';
import type en from '../en/common';

const common: Localized<typeof en> = {
  skipToContent: '本文へスキップ',
  header: {
    openMenu: 'メニュー',
    closeMenu: 'メニューを閉じる',
    language: '言語',
    closeLanguage: '言語メニューを閉じる',
    signIn: 'サインイン',
    signOut: 'サインアウト',
    inTeam: '（{{team}}）',
  },
  menu: {
    label: 'サイトメニュー',
    home: 'ホーム',
    features: '機能',
    useCases: '活用例',
    booking: 'デモ予約',
    pricing: '料金',
    news: 'ニュース',
    blog: 'ブログ',
    contact: 'お問い合わせ',
    contactSubject: 'Tomo へのフィードバック',
    settings: '設定',
    settingsItems: {
      app: 'アプリ',
      autoReplies: '自動返信',
      instructions: 'カスタム指示',
      integrations: '連携',
      members: 'メンバー',
      plugins: 'プラグイン',
      reactions: 'リアクション',
      schedules: 'スケジュール',
      usage: '利用状況',
      subscription: 'サブスクリプション',
    },
    customerPortal: 'カスタマーポータル',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    compliance: 'コンプライアンス',
    security: 'セキュリティ',
    commercial: '特定商取引法に基づく表記',
    external: '（外部サイトが開きます）',
  },
  languageMenu: {
    label: '言語を選択',
    current: '選択中',
  },
  languages: { en: 'English', ja: '日本語' },
  footer: {
    tagline: 'Tomo は Slack ワークスペースで働く AI アシスタントです。料金はシート単位です。',
    product: 'プロダクト',
    legal: '規約・ポリシー',
    follow: 'Tomo をフォロー',
    mail: 'メールで問い合わせる',
    social: { x: 'X の Tomo', github: 'GitHub の Tomo', linkedin: 'LinkedIn の Tomo', youtube: 'YouTube の Tomo' },
    rights: '© Tomo. All rights reserved.',
  },
  cta: {
    signInWithSlack: 'Slack でサインイン',
    bookDemo: 'デモを予約',
    seePricing: '料金を見る',
    learnMore: '詳しく見る',
  },
  signInFirst: {
    title: '先にサインインしてください',
    body: '設定は Slack ワークスペースごとに保存されます。表示・変更するには Slack でサインインしてください。',
  },
  loading: '読み込み中...',
  notFound: {
    meta: { title: 'ページが見つかりません', description: 'お探しのページは存在しません。' },
    title: 'ページが見つかりませんでした',
    body: 'アドレスが間違っているか、ページが移動した可能性があります。次のページからお探しください。',
  },
};

export default common;
