import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UserEntity } from '../users/user.entity.js';
import { AnswerIntake } from './answer-intake.js';
import { AdminFieldsController } from './admin-fields.controller.js';
import { AdminFieldsService } from './admin-fields.service.js';
import { CatalogueOptionsService } from './catalogue-options.service.js';
import { DesignerState } from './designer-state.service.js';
import { FormDesignerController } from './form-designer.controller.js';
import { FormDesignerRepository } from './form-designer.repository.js';
import { FormVersionsService } from './form-versions.service.js';
import { FormChangeListener } from './form-change-listener.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormFieldEntity } from './form-field.entity.js';
import { FormEntity } from './form.entity.js';
import { FormsController } from './forms.controller.js';
import { FormsService } from './forms.service.js';
import { StandaloneValidators } from './standalone-validators.js';

@Module({
  imports: [TypeOrmModule.forFeature([FormFieldEntity, FormEntity, UserEntity]), UploadsModule, AuditModule],
  controllers: [FormsController, AdminFieldsController, FormDesignerController],
  providers: [
    FormDefinitionsRepository,
    FormsService,
    FormChangeListener,
    AdminFieldsService,
    StandaloneValidators,
    AnswerIntake,
    FormDesignerRepository,
    DesignerState,
    FormVersionsService,
    CatalogueOptionsService,
  ],
  exports: [FormsService, StandaloneValidators, AnswerIntake, FormVersionsService],
})
export class FormsModule {}
