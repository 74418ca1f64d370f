import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files: the bytes live in the file storage under `storage_key` (the row's id
 * by default); the row says whose they are and what they are. `content_type` is the type detected
 * from the content; `original_name` is the client's name, sanitised, for display only.
 */
export class CreateUploadedFiles1795326655733 implements MigrationInterface {
  name = 'CreateUploadedFiles1795326655733';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE uploaded_files (
        id            uuid         PRIMARY KEY,
        owner_id      uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose       varchar(16)  NOT NULL CHECK (purpose IN ('document', 'image')),
        content_type  varchar(100) NOT NULL,
        size          integer      NOT NULL CHECK (size >= 0),
        original_name varchar(255) NOT NULL,
        storage_key   varchar(255) NOT NULL UNIQUE,
        sha256        char(64)     NOT NULL,
        created_at    timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX uploaded_files_by_owner ON uploaded_files (owner_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE uploaded_files`);
  }
}
