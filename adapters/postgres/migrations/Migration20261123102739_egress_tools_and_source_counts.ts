import { Migration } from '@mikro-orm/migrations';

export class Migration20261123102739_egress_tools_and_source_counts extends Migration {

  override name = 'Migration20261123102739_egress_tools_and_source_counts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "egress_audit_log" add "source_counts" jsonb null, add "tools_called" text[] null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "egress_audit_log" drop column "source_counts", drop column "tools_called";`);
  }

}
