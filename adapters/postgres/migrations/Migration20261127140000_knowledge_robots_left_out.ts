import { Migration } from '@mikro-orm/migrations';

/**
 * A web source keeps how many pages of the site its robots.txt kept out, so App Home can say
 * so beside the passages (docs/knowledge.md, ADR 51). Existing sources read 0.
 */
export class Migration20261127140000_knowledge_robots_left_out extends Migration {

  override name = 'Migration20261127140000_knowledge_robots_left_out';

  override up(): void | Promise<void> {
    this.addSql(`alter table "knowledge_sources" add "robots_left_out" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "knowledge_sources" drop column "robots_left_out";`);
  }

}
