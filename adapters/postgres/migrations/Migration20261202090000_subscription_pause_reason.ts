import { Migration } from '@mikro-orm/migrations';

/**
 * Why Stripe paused a subscription (`status_details.paused.subscription.type`): a trial that ended
 * without a payment method, a failed renewal payment, or a pause someone asked for. Members and
 * admins are told what brings it back. Rows paused before are left null, read as a trial's end.
 */
export class Migration20261202090000_subscription_pause_reason extends Migration {

  override name = 'Migration20261202090000_subscription_pause_reason';

  override up(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" add column "pause_reason" varchar(16) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" drop column "pause_reason";`);
  }

}
