import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class FormKeyParams {
  @ApiProperty({ example: 'profile-basic', description: 'Form key: lower-case letters, digits and dashes' })
  @Matches(/^[a-z][a-z0-9-]{0,63}$/, { message: 'A form key has lower-case letters, digits and dashes only.' })
  formKey: string;
}
