import type { Localized } from '../../app/messages';
import type en from '../en/commercial';

const commercial: Localized<typeof en> = {
  meta: {
    title: '特定商取引法に基づく表記',
    description: 'Tomo の特定商取引法に基づく表記：販売事業者、連絡先、販売価格、支払方法と時期、役務の提供時期、解約と返金について。',
  },
  eyebrow: '規約・ポリシー',
  document: {
    title: '特定商取引法に基づく表記',
    lead: '特定商取引に関する法律に基づき、以下の事項を表示します。Tomo のサブスクリプションのご購入に適用されます。',
    updated: '最終更新：2025 年 11 月',
    sections: [
      {
        id: 'seller',
        heading: '販売事業者',
        terms: [
          { term: '販売事業者', detail: 'Tomo' },
          { term: '運営統括責任者', detail: 'メールでご請求いただければ遅滞なく開示します。' },
          { term: '所在地', detail: 'メールでご請求いただければ遅滞なく開示します。' },
          { term: '電話番号', detail: 'メールでご請求いただければ遅滞なく開示します。サポートはメールと Slack の共有チャンネルで行っています。' },
          { term: 'メールアドレス', detail: '各ページ下部に記載のサポートアドレス。' },
        ],
      },
      {
        id: 'prices',
        heading: '販売価格と支払い',
        terms: [
          { term: '販売価格', detail: '料金ページに記載のとおり、プランごとにシート単位の月額または年額、従量課金の場合は 1 回答あたりの価格（米ドル建て）。該当する場合は税金が加算されます。' },
          { term: '商品代金以外の必要料金', detail: 'ありません。インターネット接続料金はお客様のご負担となります。' },
          { term: '支払方法', detail: 'クレジットカード、Apple Pay、Google Pay、Alipay。' },
          { term: '支払時期', detail: '定額プランはご購入時と、以後の月次または年次の更新開始時にお支払いいただきます。従量課金は前月に利用した回答の分を毎月お支払いいただきます。シート数の変更は次回の請求日に日割りで精算します。' },
        ],
      },
      {
        id: 'delivery',
        heading: '役務の提供',
        terms: [
          { term: '提供時期', detail: 'お支払いの確認後ただちに利用できます。無料トライアルは Tomo のインストール時に開始します。' },
          { term: '動作環境', detail: 'Slack ワークスペースと、設定ページ用の最新の Web ブラウザ。' },
        ],
      },
      {
        id: 'cancellation',
        heading: '解約と返金',
        terms: [
          { term: '解約', detail: 'カスタマーポータルでいつでも自動更新をオフにできます。支払い済みの期間の終わりまでプランを利用できます。Tomo をアンインストールすると、すべてのサブスクリプションが一度に解約されます。' },
          { term: '返金', detail: 'デジタルサービスの性質上、ただちに提供が開始されるため、定額プランの残期間を含め、お支払い済みの料金は法令で定める場合を除き返金しません。' },
        ],
      },
    ],
  },
};

export default commercial;
