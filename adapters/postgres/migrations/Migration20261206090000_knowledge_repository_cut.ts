import { Migration } from '@mikro-orm/migrations';

/**
 * A repository source read only in part (its caps reached: 2,000 files, 20 MB of text, 200,000
 * entries, 2 GB unpacked) keeps how many files were read, so App Home can say it was cut
 * (docs/knowledge.md), as it says the pages a site's robots.txt kept out. Existing sources read 0.
 */
export class Migration20261206090000_knowledge_repository_cut extends Migration {

  override name = 'Migration20261206090000_knowledge_repository_cut';

  override up(): void | Promise<void> {
    this.addSql(`alter table "knowledge_sources" add "cut_after_files" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "knowledge_sources" drop column "cut_after_files";`);
  }

}
