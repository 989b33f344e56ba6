import type { Localized } from '../../app/messages';
import type en from '../en/roadmap';

const roadmap: Localized<typeof en> = {
  meta: {
    title: 'ロードマップ',
    description:
      'Tomo チームが最近リリースした機能、開発中の機能、次に検討している機能。新しい連携からモデルの選択まで。',
  },
  header: {
    eyebrow: 'ロードマップ',
    title: 'Tomo のこれから',
    lead: '最近リリースしたもの、いま作っているもの、検討中のものをそのまま並べています。方向性を示すもので、日付を約束するものではありません。',
  },
  columns: [
    {
      id: 'shipped',
      title: '最近のリリース',
      items: [
        { title: 'チャンネルの定期要約', body: '指定した現地時刻に毎日要約。さかのぼる日数も設定できます。' },
        { title: 'カスタムリアクションプロンプト', body: '解説や翻訳のプリセットに加えて、独自の絵文字プロンプトを定義できます。' },
        { title: '年額プラン', body: '年払いにすると、どのプランも 2 か月分お得になります。' },
        { title: '従量課金', body: '利用にばらつきのあるチーム向けに、シートではなく回答ごとに支払えます。' },
        { title: '日本語インターフェース', body: 'サイトと設定ページを英語と日本語で利用できます。' },
      ],
    },
    {
      id: 'in-progress',
      title: '開発中',
      items: [
        { title: '連携の拡充', body: 'Notion、GitHub、GitLab、Asana、Salesforce、Zoom。公開までは設定画面に「作業中」と表示されます。' },
        { title: 'Google カレンダーと Meet', body: '予定についての質問や、録画された会議の要約に対応します。' },
        { title: 'シート変更のプレビュー', body: 'シート数の変更を確定する前に、日割りの金額を確認できます。' },
      ],
    },
    {
      id: 'exploring',
      title: '検討中',
      items: [
        { title: 'モデルの選択', body: '長いドキュメント向けに、GPT-5 に加えて 200K トークンのコンテキストを持つ Claude を提供します。' },
        { title: '利用状況のエクスポート', body: '利用ランキングをダウンロードして、社内のレポートに使えるようにします。' },
        { title: 'プリセットリアクションの追加', body: '口調のチェック、アクションアイテムの抽出、やさしい言葉への書き換えなどのプロンプト。' },
      ],
    },
  ],
  request: {
    title: 'ほしい機能がありませんか？',
    body: 'お客様からのリクエストが一番の手がかりです。チームの役に立つことを教えてください。',
    link: '機能をリクエスト',
  },
};

export default roadmap;
