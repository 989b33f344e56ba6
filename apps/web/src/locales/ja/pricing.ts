import type { Localized } from '../../app/messages';
import type en from '../en/pricing';

const pricing: Localized<typeof en> = {
  meta: {
    title: '料金',
    description:
      'Slack 向け Tomo の料金プラン：Entry は 1 ユーザーあたり月 8 ドル、Standard は 20 ドル、Premium は 32 ドル。年額なら 2 か月分お得。シート単位の定額または回答ごとの従量課金。14 日間無料トライアル、クレジットカード不要。',
  },
  header: {
    eyebrow: '料金',
    title: 'ワークスペース向けのシンプルなシート料金',
    lead: 'まずはクレジットカード不要の 14 日間無料トライアルから。その後はシート単位のプランを月額または年額で選ぶか、使った回答の分だけお支払いください。',
  },
  alerts: {
    dismiss: '閉じる',
    checkoutSuccess: {
      title: 'ご注文ありがとうございます',
      body: 'サブスクリプションを準備しています。内容の確認、シート数の変更、解約はカスタマーポータルからいつでも行えます。',
    },
    checkoutCancel: {
      title: 'ご注文はキャンセルされました',
      body: '請求は発生していません。準備ができたら、もう一度チェックアウトしてください。',
    },
    setupSuccess: {
      title: 'ウォレットの設定が完了しました',
      body: 'プランの購入にお進みください。チェックアウトでカードの横に Alipay が表示されます。',
    },
    setupCancel: {
      title: 'ウォレットの設定はキャンセルされました',
      body: '支払い方法は追加されていません。下のお支払い方法から改めて設定できます。',
    },
    billingError: { title: '決済ページを開けませんでした' },
  },
  controls: {
    interval: '請求期間',
    monthly: '月額',
    yearly: '年額',
    yearlyHint: '2 か月分無料',
    mode: '料金タイプ',
    fixed: '定額',
    payg: '従量課金',
    paygNote: '従量課金では、シートで実際に使われた回答の分を毎月ご請求します。',
    seats: 'シート数',
    seatsHint: 'シート数はいつでも変更でき、差額は日割りで精算されます。',
    seatsInvalid: 'シート数は 1〜{{max}} の整数で入力してください。',
  },
  plans: {
    free: { tagline: 'チームで 14 日間お試しください。クレジットカードは不要です。' },
    entry: { tagline: '個人や、これから始める小さなチームに。' },
    standard: { tagline: '毎日 Tomo を頼りにするチームに。' },
    premium: { tagline: '長いドキュメントやリサーチ中心の仕事に。' },
  },
  card: {
    perUserMonth: '/ ユーザー / 月',
    perUserYear: '/ ユーザー / 年',
    perResponse: '/ 回答',
    savings: '1 ユーザーあたり年間 {{amount}} お得',
    totalPerMonth: '合計 {{total}} / 月（{{price}} × {{seats}} シート）',
    totalPerYear: '合計 {{total}} / 年（{{price}} × {{seats}} シート）',
    trialPrice: '無料',
    trialPeriod: '14 日間',
    trialCta: '無料トライアルを始める',
    popular: '一番人気',
    subscribe: '購入する',
    manage: '管理する',
    comingSoon: '近日公開',
    plan: '{{plan}} プラン',
    adminOnly:
      'プランを購入できるのはワークスペースの管理者だけです。Slack ワークスペースの管理者（プライマリーオーナー、オーナー、管理者）に、プランの購入や管理を依頼してください。',
  },
  details: {
    title: 'プランの詳細',
    tableLabel: 'プランの詳細の表',
    feature: '項目',
    freeTrial: '無料トライアル',
    rows: {
      tokensAndModels: 'トークンとモデル',
      usage: '利用回数',
      urlReaders: 'URL の読み取り',
      fileReaders: 'ファイルの読み取り',
      instructions: 'カスタム指示',
      plugins: 'プラグイン',
      imageGeneration: '画像生成',
      knowledge: 'ナレッジのアップロード',
      support: 'サポート',
    },
    values: {
      tokens: '{{model}} · {{tokens}} トークン',
      tokensAndReading: '{{model}} · {{tokens}} トークン。リンクとファイルは 1 回の回答で {{read}} トークンまで読み取り',
      unlimited: '無制限',
      timesPerMonth: '月に約 {{count}} 回',
      timesPerYear: '年に約 {{count}} 回',
      perResponse: '回答ごとにご請求',
      urlReaders: '1 回の回答で読むリンク：{{count}} 件（Web ページ、PDF、YouTube 動画、Slack メッセージ）',
      fileReaders: '1 回の回答で読む Slack のファイル：{{count}} 件（テキスト、Markdown、CSV、HTML、PDF、Word、Excel、PowerPoint、OpenDocument、メール、画像）',
      instructions: 'システム・ユーザー・チャンネル・ワークスペース',
      plugins: '計算機、Web 閲覧、検索。1 回の回答で Web 検索結果 {{count}} 件',
      pluginsOne: '計算機、Web 閲覧、検索。1 回の回答で Web 検索結果 1 件',
      imageGeneration: '月に {{count}} 回（1 回につき 4 枚）',
      knowledge: 'ワークスペースあたりソース {{sources}} 件・パッセージ {{chunks}} 件（Web ページ、PDF、リポジトリ）。サイトは {{pages}} ページまで',
      email: 'メール',
      emailAndChannel: 'メールと共有チャンネル',
    },
  },
  modes: {
    title: '定額か、従量課金か',
    fixed: {
      title: '定額（ユーザー単位）',
      body: 'シートごとの決まった料金を月額または年額でお支払いいただきます。毎日使うチームでも費用を見通せます。定額プランは期間途中での返金はありません。',
    },
    payg: {
      title: '従量課金（回答単位）',
      body: '月額のシート料金はかからず、回答ごとにプランの単価でご請求します。利用がときどき、または季節的なチームに向いています。',
    },
  },
  guide: {
    title: '料金ガイド',
    items: [
      { title: 'シートはワークスペースに属します', body: 'シートは Slack ワークスペース単位で購入します。利用回数は個人ではなく契約シートごとに数え、毎月リセットされます。' },
      { title: '割り当てるか、自動に任せるか', body: '管理者はメンバーやボットにシートを割り当てられます。未割り当てのシートは、Tomo を使った人で自動的に埋まります。' },
      { title: 'シート数はいつでも変更可能', body: 'シートの追加・削減はいつでもできます。差額は次回の請求日に日割りで精算されます。削減するときは、最後に割り当てられたメンバーから割り当てが外れます。' },
      { title: '1 つのワークスペースで複数のプラン', body: 'リサーチチームには Premium、その他のメンバーには Entry のように、複数のサブスクリプションを持てます。' },
      { title: '更新と解約', body: 'プランは自動で更新されます。自動更新をオフにすると、期間の終わりまで利用できます。Tomo をアンインストールすると、すべてのサブスクリプションが一度に解約されます。' },
      { title: 'トライアル終了後', body: '14 日間のトライアルが終わると、プランを購入するまで Tomo は回答しません。後で再インストールすると、1 回に限り 7 日間のトライアルが新たに始まります。' },
    ],
  },
  payment: {
    title: 'お支払い方法',
    lead: '決済代行会社を通じて安全にお支払いいただけます。追加料金はかかりません。',
    methods: ['クレジットカード', 'Apple Pay', 'Google Pay', 'Alipay'],
    wallet: {
      title: 'Alipay でお支払いの場合',
      body: '先に Alipay のウォレットを設定してください。チェックアウトでカードの横に表示されるようになります。',
      button: 'ウォレットを設定',
    },
    notes: [
      'お支払いのたびに請求書を自動で発行し、メールでお送りします。',
      '価格は米ドル建てです。該当する場合は税金が加算されます。',
      '支払い方法、請求書、解約はカスタマーポータルで管理できます。',
    ],
  },
};

export default pricing;
