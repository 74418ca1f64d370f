import { Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { FileStorage, LocalDiskFileStorage } from './file-storage.js';
import { UploadedFilesRepository } from './uploaded-files.repository.js';
import { UploadedFilesService } from './uploaded-files.service.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsJanitor } from './uploads-janitor.js';

/**
 * Uploads: `POST common/upload` and `GET common/files/{id}`. Exports UploadedFilesService (and its
 * `uploadIdOfUrl` of @scholarmatch/schemas) so applications can check that a form's file answers are the caller's own.
 * The storage is the files port: local disk in DATA_DIR/uploads until an object-storage adapter
 * is provided as FileStorage.
 */
@Module({
  controllers: [UploadsController],
  providers: [
    UploadedFilesRepository,
    UploadedFilesService,
    UploadsJanitor,
    {
      provide: FileStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig): FileStorage => new LocalDiskFileStorage(path.join(config.DATA_DIR, 'uploads')),
    },
  ],
  exports: [UploadedFilesService],
})
export class UploadsModule {}
