import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormChangeListener } from './form-change-listener.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormFieldEntity } from './form-field.entity.js';
import { FormEntity } from './form.entity.js';
import { FormsController } from './forms.controller.js';
import { FormsService } from './forms.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FormFieldEntity, FormEntity])],
  controllers: [FormsController],
  providers: [FormDefinitionsRepository, FormsService, FormChangeListener],
  exports: [FormsService],
})
export class FormsModule {}
