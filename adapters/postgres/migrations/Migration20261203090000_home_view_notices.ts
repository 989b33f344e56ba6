import { Migration } from '@mikro-orm/migrations';

/**
 * The notice a person's Home tab shows at its top (a failed click's code, never text) and since
 * when, beside the hash of Tomo's last publish: a publish no one asked for (a source's progress)
 * keeps a notice shown moments ago instead of clearing it before it was read.
 */
export class Migration20261203090000_home_view_notices extends Migration {

  override name = 'Migration20261203090000_home_view_notices';

  override up(): void | Promise<void> {
    this.addSql(`alter table "home_view_hashes" add "notice" varchar(32) null, add "notice_shown_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "home_view_hashes" drop column "notice", drop column "notice_shown_at";`);
  }

}
