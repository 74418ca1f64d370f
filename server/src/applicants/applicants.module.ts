import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { FormFieldsController } from './form-fields.controller.js';

@Module({ imports: [FormsModule], controllers: [FormFieldsController] })
export class ApplicantsModule {}
