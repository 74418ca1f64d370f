import type { MigrationInterface, QueryRunner } from 'typeorm';

const KIND = 'support-received';

/** The inbox kinds the CHECK constraint allows now (whatever other migrations added), read from the catalogue. */
async function currentKinds(queryRunner: QueryRunner): Promise<string[]> {
  const [row] = (await queryRunner.query(
    `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'inbox_messages_kind_check' AND conrelid = 'inbox_messages'::regclass`,
  )) as { definition: string }[];
  return [...row.definition.matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

async function allowKinds(queryRunner: QueryRunner, kinds: string[]): Promise<void> {
  const list = kinds.map((kind) => `'${kind.replace(/'/g, "''")}'`).join(', ');
  await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
  await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${list}))`);
}

/**
 * The inbox's note that a support request arrived, with the 24-hour promise (docs/support.md).
 * The kind is added to the list the constraint holds when this runs, so migrations of other
 * kinds landing beside this one keep theirs.
 */
export class SupportReceivedMessages1795792100000 implements MigrationInterface {
  name = 'SupportReceivedMessages1795792100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const kinds = await currentKinds(queryRunner);
    if (!kinds.includes(KIND)) await allowKinds(queryRunner, [...kinds, KIND]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM inbox_messages WHERE kind = $1`, [KIND]);
    await allowKinds(queryRunner, (await currentKinds(queryRunner)).filter((kind) => kind !== KIND));
  }
}
