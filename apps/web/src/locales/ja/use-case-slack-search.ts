import type { UseCaseCopy } from '../../app/messages';

const useCase: UseCaseCopy = {
  title: 'Slack の中にある答えを見つける',
  lead: '「それ、3 月に決めなかったっけ？」と Tomo に聞けば、あなたが見られるメッセージを検索し、元のスレッドへのリンクつきで答えます。',
  problem: 'Slack の検索には適切なキーワードが必要で、答えが複数のスレッドに散らばっていることもよくあります。',
  steps: [
    '設定 › 連携 で Slack 検索を一度接続します（search:read 権限）。',
    'チャンネルや DM で、普段の言葉で質問します。',
    'Tomo はあなたの権限で検索します。あなた自身が見つけられるものしか見つけません。',
    '回答は見つけた内容を要約し、元のメッセージそれぞれにリンクします。',
  ],
  examples: ['@Tomo 合宿の予算はどう決まった？誰が承認した？', '@Tomo 課金サービスに関する直近 3 件の障害を探して、原因を要約して'],
  worksWith: ['Slack との連携（search:read）', 'あなた自身の Slack の権限', '回答形式を決めるカスタム指示'],
};

export default useCase;
