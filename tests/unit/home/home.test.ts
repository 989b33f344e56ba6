import { describe, expect, it } from 'vitest';
import { homeViewToSlack } from '../../../adapters/slack/home-blocks';
import { homeRenderer } from '../../../apps/worker/home/home-sections';
import { HOME_SOURCES_PER_KIND, homeFacts } from '../../../core/home/home-facts';
import { KNOWLEDGE_QUOTAS, type KnowledgeSourceRecord } from '../../../core/knowledge/knowledge-source';
import { aSubscription, anAssignment } from '../support/builders';

const now = new Date('2025-03-10T12:00:00Z');
const trial = aSubscription('trial').trial('2025-03-01T00:00:00Z', '2025-03-15T00:00:00Z').build();
const entry = aSubscription('entry').onPlan('gpt50_4k_50r').withSeats(2).period('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z').build();
const seat = (memberId: string) => anAssignment(entry, memberId);
const base = { now, userId: 'UHANA', locale: 'en' as const, appName: 'Tomo', isAdmin: false, usage: undefined };

describe('App Home: the facts it shows', () => {
  it('shows a running trial with the days left, the trial seat and the free plan’s limit', () => {
    const facts = homeFacts({ ...base, subscriptions: [trial], assignments: [], usage: { memberId: 'UHANA', channelMention: 2, directMessage: 1, reaction: 3 } });
    expect(facts.plan).toEqual({ kind: 'trial', endsAt: trial.currentPeriodEnd, daysLeft: 5 });
    expect(facts.seat).toEqual({ kind: 'trial' });
    expect(facts.usage).toEqual({ channel: 2, directMessage: 1, reaction: 3, total: 6, limit: 20, resetsAt: new Date('2025-04-01T00:00:00Z') });
  });

  it('shows paid plans, a held seat, one free for the taking, or none; nothing usable once the trial is over', () => {
    expect(homeFacts({ ...base, subscriptions: [entry, trial], assignments: [seat('UHANA')] })).toMatchObject({
      plan: { kind: 'paid', plans: [{ name: 'Entry', interval: 'monthly', seats: 2 }] },
      seat: { kind: 'assigned', planName: 'Entry' },
      usage: { limit: 50, total: 0 },
    });
    expect(homeFacts({ ...base, subscriptions: [entry], assignments: [seat('UOTHER')] }).seat).toEqual({ kind: 'available', planName: 'Entry' });
    expect(homeFacts({ ...base, subscriptions: [entry], assignments: [seat('U1'), seat('U2')] }).seat).toEqual({ kind: 'none' });
    const over = homeFacts({ ...base, subscriptions: [{ ...trial, currentPeriodEnd: new Date('2025-03-09T00:00:00Z') }], assignments: [] });
    expect(over).toMatchObject({ plan: { kind: 'none' }, seat: { kind: 'none' }, usage: { limit: null } });
    const ended = aSubscription('old').onPlan('gpt50').withSeats(3).canceled().build();
    const afterPaid = homeFacts({ ...base, subscriptions: [{ ...trial, currentPeriodEnd: new Date('2025-03-09T00:00:00Z') }, ended], assignments: [] });
    expect(afterPaid).toMatchObject({ plan: { kind: 'ended' }, seat: { kind: 'none' }, usage: { limit: null } });
    const payg = homeFacts({ ...base, subscriptions: [aSubscription('entry').onPlan('gpt50_4k_50r').payAsYouGo().period('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z').build()], assignments: [seat('UHANA')] });
    expect(payg.usage.limit).toBeNull();
  });

  it('puts why the last click did nothing first, in the person’s language, and nothing without a notice', () => {
    const render = homeRenderer('https://tomo.test/');
    const facts = homeFacts({ ...base, subscriptions: [trial], assignments: [], notice: 'button_expired' });
    expect(render(facts).blocks.slice(0, 2)).toEqual([{ type: 'text', text: ':warning: That button took too long to answer. Press it again.' }, { type: 'divider' }]);
    expect(render({ ...facts, locale: 'ja', notice: 'not_allowed' }).blocks[0]).toEqual({ type: 'text', text: ':warning: このソースを削除・再試行できるのは、追加した人かワークスペース管理者だけです。' });
    expect(render(homeFacts({ ...base, subscriptions: [trial], assignments: [] })).blocks[0]).toEqual({ type: 'header', text: 'Welcome to Tomo' });
  });

  it('renders en and ja from its sections, admin links only for admins, within Block Kit’s limits', () => {
    const render = homeRenderer('https://tomo.test/');
    const facts = homeFacts({ ...base, subscriptions: [trial], assignments: [] });
    const en = JSON.stringify(render(facts));
    expect(en).toContain('Free trial: *5 days left* (ends Mar 15, 2025).');
    expect(en).toContain('https://tomo.test/settings/reactions');
    expect(en).not.toContain('/settings/members');
    const ja = JSON.stringify(render({ ...facts, locale: 'ja', isAdmin: true }));
    expect(ja).toContain('無料トライアル：*残り5日*');
    expect(ja).toContain('https://tomo.test/ja/settings/members');
    const over = JSON.stringify(render(homeFacts({ ...base, subscriptions: [], assignments: [] })));
    expect(over).toContain('<https://tomo.test/pricing|Pricing>');
    expect(over).toContain('The free trial has ended.');
    // A workspace whose paid plan ended is not told its free trial ended, in either language.
    const ended = aSubscription('old').onPlan('gpt50').withSeats(3).canceled().build();
    const endedFacts = homeFacts({ ...base, subscriptions: [ended], assignments: [] });
    const endedEn = JSON.stringify(render(endedFacts));
    expect(endedEn).not.toContain('trial');
    expect(endedEn).toContain('Your paid plan has ended.');
    expect(endedEn).toContain('<https://tomo.test/pricing|Pricing>');
    const endedJa = JSON.stringify(render({ ...endedFacts, locale: 'ja' }));
    expect(endedJa).not.toContain('トライアル');
    expect(endedJa).toContain('有料プランは終了しました');

    // Paid plans name their billing and seats in the person's language; a pay-as-you-go plan
    // (no interval) says so rather than leaving an empty gap.
    const standard = aSubscription('std').onPlan('gpt50').withSeats(5).period('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z').build();
    const payg = aSubscription('pay').onPlan('gpt50_4k_50r').withSeats(2).payAsYouGo().period('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z').build();
    const paidFacts = homeFacts({ ...base, subscriptions: [standard, payg], assignments: [] });
    const planText = (view: ReturnType<typeof render>) => (view.blocks.find((b) => b.type === 'text' && b.text.startsWith('*Plan*') || b.type === 'text' && b.text.startsWith('*プラン*')) as { text: string }).text;
    expect(planText(render(paidFacts))).toBe('*Plan*\n*Standard* (monthly, 5 seats), *Entry* (pay as you go, 2 seats)');
    expect(planText(render({ ...paidFacts, locale: 'ja' }))).toBe('*プラン*\n*Standard*（月払い・5シート）、*Entry*（従量課金・2シート）');

    // Dates are the days in the person's time zone, written as their language writes them: a
    // trial ending at 18:00 UTC on the 15th ends on the 16th in Tokyo; the month's reset at 00:00
    // UTC on April 1st is still March 31st in Honolulu.
    const lateTrial = aSubscription('late').trial('2025-03-01T00:00:00Z', '2025-03-15T18:00:00Z').build();
    const tokyo = JSON.stringify(render(homeFacts({ ...base, locale: 'ja', timeZone: 'Asia/Tokyo', subscriptions: [lateTrial], assignments: [] })));
    expect(tokyo).toContain('無料トライアル：*残り6日*（2025年3月16日まで）');
    expect(tokyo).toContain('上限は月20件で、2025年4月1日にリセットされます。');
    const honolulu = JSON.stringify(render(homeFacts({ ...base, timeZone: 'Pacific/Honolulu', subscriptions: [lateTrial], assignments: [] })));
    expect(honolulu).toContain('(ends Mar 15, 2025)');
    expect(honolulu).toContain('the count resets on Mar 31, 2025.');

    // A workspace that renamed the app (Settings → App) is welcomed by that name, in both languages.
    const header = (view: ReturnType<typeof render>) => view.blocks.find((b) => b.type === 'header');
    const kumo = homeFacts({ ...base, appName: 'Kumo', subscriptions: [trial], assignments: [] });
    expect(header(render(kumo))).toEqual({ type: 'header', text: 'Welcome to Kumo' });
    expect(header(render({ ...kumo, locale: 'ja' }))).toEqual({ type: 'header', text: 'Kumoへようこそ' });

    const slack = homeViewToSlack({
      blocks: [
        { type: 'header', text: 'x'.repeat(200) },
        { type: 'fields', fields: Array.from({ length: 12 }, (_, i) => `f${i}`) },
        { type: 'buttons', buttons: [{ text: 'Open', actionId: 'a', url: 'https://tomo.test', value: 'v', style: 'primary' }] },
        { type: 'context', text: 'c' },
        { type: 'divider' },
      ],
    });
    expect(slack.type).toBe('home');
    expect([...((slack.blocks[0]!.text as { text: string }).text)]).toHaveLength(150);
    expect(slack.blocks[1]!.fields).toHaveLength(10);
    expect(slack.blocks[2]).toEqual({
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open', emoji: true }, action_id: 'a', url: 'https://tomo.test', value: 'v', style: 'primary' }],
    });
  });

  it('lists the newest sources of each kind and says how many more the workspace has, from the counts (only the listed titles are opened)', () => {
    const render = homeRenderer('https://tomo.test/');
    const site = (i: number): KnowledgeSourceRecord & { canRemove: boolean } => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      teamId: 'T1',
      kind: 'web',
      title: `https://site${i}.example`,
      url: `https://site${i}.example`,
      fileId: null,
      pageLimit: 1,
      status: 'ready',
      progressDone: 1,
      progressTotal: 1,
      failure: null,
      sizeBytes: 2048,
      chunkCount: 1,
      robotsLeftOut: 0,
      cutAfterFiles: 0,
      addedBy: 'UHANA',
      createdAt: now,
      updatedAt: now,
      canRemove: true,
    });
    const knowledge = {
      plan: 'premium' as const,
      quota: KNOWLEDGE_QUOTAS.premium,
      usage: { sources: 20, chunks: 20 },
      sources: Array.from({ length: HOME_SOURCES_PER_KIND }, (_, i) => site(i)),
      counts: { web: 20, pdf: 0, repository: 0 },
      canAdd: true,
    };
    const facts = { ...homeFacts({ ...base, subscriptions: [trial], assignments: [], knowledge }), isAdmin: true };
    const en = JSON.stringify(render(facts));
    expect(en).toContain('site7.example');
    expect(en).toContain('…and 12 more.');
    expect(en.split('_Nothing added yet._')).toHaveLength(3);
    expect(JSON.stringify(render({ ...facts, locale: 'ja' }))).toContain('…ほか 12 件');
  });
});
