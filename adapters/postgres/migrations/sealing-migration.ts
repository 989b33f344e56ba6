import { Migration } from '@mikro-orm/migrations';
import type { SecretBox } from '../../crypto/secret-box';

type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * A migration that seals values already stored (or opens them again, down), with the key that
 * seals tokens (ENCRYPTION_KEY, ADR 6 and 52). `openDatabase(url, { secrets })` hands the key
 * over; the server, the worker and `npm run db:migrate` all do. Without it, such a migration
 * runs only where there is nothing to convert (a new database), and refuses otherwise, inside
 * the migrations' transaction, so nothing is applied.
 */
export abstract class SealingMigration extends Migration {
  secrets: SecretBox | undefined;

  /** The key; undefined when none of these tables holds a row (nothing to seal or open). */
  protected async secretsFor(tables: readonly string[]): Promise<SecretBox | undefined> {
    if (this.secrets) return this.secrets;
    for (const table of tables) {
      if ((await this.execute(`select 1 from "${table}" limit 1`)).length > 0) {
        throw new Error(
          `${this.name} converts what "${table}" holds with ENCRYPTION_KEY but was given no key: ` +
            'apply it with `npm run db:migrate` or by starting Tomo, which pass the key',
        );
      }
    }
    return undefined;
  }

  /**
   * Every row of a table in pages of `size`, by a unique column (keyset, so a large table is
   * never held whole): `convert` receives each page.
   */
  protected async eachPage<R extends Record<string, unknown>>(
    select: string,
    key: keyof R & string,
    first: string,
    convert: (rows: R[]) => Promise<void>,
    size = 1_000,
  ): Promise<void> {
    for (let after = first; ; ) {
      const rows = (await this.execute(`${select} where "${key}" > ? order by "${key}" limit ${size}`, [after])) as R[];
      if (rows.length === 0) return;
      await convert(rows);
      after = String(rows.at(-1)![key]);
    }
  }
}

/** The checked-in list with the key given to each migration that seals stored values. */
export function withSecrets<T extends { name: string; class: MigrationClass }>(list: readonly T[], secrets: SecretBox | undefined): { name: string; class: MigrationClass }[] {
  return list.map(({ name, class: base }) => {
    if (!secrets || !(base.prototype instanceof SealingMigration)) return { name, class: base };
    // The migrator constructs each class itself (driver, config): the key is set on what it builds.
    const keyed = new Proxy(base, {
      construct(target, args: ConstructorParameters<MigrationClass>, newTarget) {
        const migration = Reflect.construct(target, args, newTarget) as SealingMigration;
        migration.secrets = secrets;
        return migration;
      },
    });
    return { name, class: keyed };
  });
}
