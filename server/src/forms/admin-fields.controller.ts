import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AdminFieldsService } from './admin-fields.service.js';
import {
  AdminFieldListResponseDto,
  AdminFieldResponseDto,
  CreateFieldDefinitionDto,
  UpdateFieldDefinitionDto,
} from './dto/admin-field.dto.js';

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/form-fields')
export class AdminFieldsController {
  constructor(private readonly fields: AdminFieldsService) {}

  @Get()
  @ApiOperation({ summary: 'Every field definition, inactive ones included (admins)' })
  @ApiOkResponse({ type: AdminFieldListResponseDto })
  async list() {
    return ok(await this.fields.list());
  }

  @Post()
  @ApiOperation({
    summary: 'Add a profile field (admins)',
    description: 'It appears, validates and is stored in every form that shows its section, with no deploy. 400 with `errors` for an invalid definition; 409 for a taken key.',
  })
  @ApiCreatedResponse({ type: AdminFieldResponseDto })
  async create(@Body() body: CreateFieldDefinitionDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Field added', data: await this.fields.create(body, actor) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a field: name, options, rules, hints, section, order, condition, active (admins)' })
  @ApiOkResponse({ type: AdminFieldResponseDto })
  async update(@Param('id', ParseIntPipe) id: number, @Body() body: UpdateFieldDefinitionDto, @Actor() actor: AuditActor) {
    return ok(await this.fields.update(id, body, actor), 'Field updated');
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deactivate a field (admins): hidden from every form, its stored answers kept' })
  @ApiOkResponse({ type: AdminFieldResponseDto })
  async deactivate(@Param('id', ParseIntPipe) id: number, @Actor() actor: AuditActor) {
    return ok(await this.fields.deactivate(id, actor), 'Field deactivated');
  }
}
