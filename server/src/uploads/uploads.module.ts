import { Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { FileLinks } from './file-links.js';
import { FileStorage, LocalDiskFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';
import { UploadedFilesRepository } from './uploaded-files.repository.js';
import { UploadedFilesService } from './uploaded-files.service.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsJanitor } from './uploads-janitor.js';

/**
 * Uploads: `POST common/upload` and `GET common/files/{id}`. Exports UploadedFilesService (and its
 * `uploadIdOfUrl` of @scholarmatch/schemas) so applications can check that a form's file answers are the caller's own.
 * The storage is the files port: an S3-compatible bucket when S3_BUCKET is set, otherwise local
 * disk in DATA_DIR/uploads (docs/operations.md, "Uploaded files").
 */
@Module({
  controllers: [UploadsController],
  providers: [
    UploadedFilesRepository,
    UploadedFilesService,
    UploadsJanitor,
    FileLinks,
    {
      provide: FileStorage,
      inject: [AppConfig],
      useFactory: storageFor,
    },
  ],
  exports: [UploadedFilesService, FileLinks, FileStorage],
})
export class UploadsModule {}

/** The adapter the configuration asks for. */
export function storageFor(config: AppConfig): FileStorage {
  if (!config.S3_BUCKET) return new LocalDiskFileStorage(path.join(config.DATA_DIR, 'uploads'));
  return new S3FileStorage({
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
