import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AdminFieldsService } from './admin-fields.service.js';
import { CatalogueOptionsService } from './catalogue-options.service.js';
import { CreateFieldDefinitionDto, UpdateFieldDefinitionDto } from './dto/admin-field.dto.js';
import { DraftFieldListResponseDto, DraftFieldResponseDto, DraftOptionPageResponseDto, DraftOptionResponseDto, NewOptionDto, OptionLabelDto, OptionsQueryDto } from './dto/form-designer.dto.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const DRAFTED = 'The change goes to the shared draft: no live form changes until a version is published (POST /admin/forms/versions).';

/** The designer's draft calls on single fields and their options (docs/form-designer.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/form-fields')
export class AdminFieldsController {
  constructor(
    private readonly fields: AdminFieldsService,
    private readonly options: CatalogueOptionsService,
  ) {}

  @Get()
  @ApiOperation({ description: 'Admins only. The field definitions the form designer edits, as the unpublished draft would make them: published fields with their drafted changes, inactive fields and drafted removals included (docs/form-designer.md). Nothing here is live until a version is published.', summary: 'Every field definition as drafted: published ones with the draft applied, inactive and drafted removals included (admins)' })
  @ApiOkResponse({ type: DraftFieldListResponseDto })
  @OperationId('listDraftFields')
  async list() {
    return ok(await this.fields.list());
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Draft a new profile field (admins)',
    description: `${DRAFTED} 400 with \`errors\` for an invalid definition; 409 FIELD_KEY_TAKEN for a key published or drafted.`,
  })
  @ApiCreatedResponse({ type: DraftFieldResponseDto })
  @OperationId('draftField')
  async create(@Body() body: CreateFieldDefinitionDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Field drafted', data: await this.fields.create(body, actor) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Draft a change of a field: name, options, rules, hints, section, order, condition, active (admins)', description: DRAFTED })
  @ApiOkResponse({ type: DraftFieldResponseDto })
  @OperationId('draftFieldChange')
  async update(@Param('id', ParseIntPipe) id: number, @Body() body: UpdateFieldDefinitionDto, @Actor() actor: AuditActor) {
    return ok(await this.fields.update(id, body, actor), 'Field change drafted');
  }

  @Delete(':id')
  @ApiOperation({ summary: "Draft a field's removal (admins): once published it is hidden from every form and its answers kept; a field new in the draft is dropped from it", description: DRAFTED })
  @ApiOkResponse({ type: DraftFieldResponseDto })
  @OperationId('draftFieldRemoval')
  async deactivate(@Param('id', ParseIntPipe) id: number, @Actor() actor: AuditActor) {
    return ok(await this.fields.deactivate(id, actor), 'Field removal drafted');
  }

  @Post(':id/revert')
  @ApiOperation({ description: 'Admins only. Drops every drafted change of one field, so the field is as published again; nothing a person sees changes. An unknown id is 404 FIELD_NOT_FOUND.', summary: "Drop a field's drafted change: it is as published again (admins)" })
  @ApiCreatedResponse({ type: DraftFieldResponseDto })
  @OperationId('revertDraftField')
  async revert(@Param('id', ParseIntPipe) id: number, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Draft reverted', data: await this.fields.revert(id, actor) };
  }

  @Get(':id/options')
  @ApiOperation({ description: 'Admins only. One field\'s options as the draft would make them, paged (`page`, `limit`) and searched in label and value with `q`; options the draft removes come last. An unknown field id is 404 FIELD_NOT_FOUND.', summary: "A field's options as drafted, searched in label and value, removed ones last (admins)" })
  @ApiOkResponse({ type: DraftOptionPageResponseDto })
  @OperationId('listDraftFieldOptions')
  async listOptions(@Param('id', ParseIntPipe) id: number, @Query() query: OptionsQueryDto) {
    return ok(await this.options.list(id, query.q, query.page ?? 1, query.limit ?? 50));
  }

  @Post(':id/options')
  @Idempotent()
  @ApiOperation({ summary: 'Draft a new option (admins); 409 OPTION_EXISTS for a value the field has', description: DRAFTED })
  @ApiCreatedResponse({ type: DraftOptionResponseDto })
  @OperationId('draftFieldOption')
  async addOption(@Param('id', ParseIntPipe) id: number, @Body() body: NewOptionDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Option drafted', data: await this.options.add(id, { value: body.value, label: body.label }, actor) };
  }

  @Patch(':id/options/:value')
  @ApiOperation({ summary: "Draft an option's new label (admins)", description: DRAFTED })
  @ApiOkResponse({ type: DraftOptionResponseDto })
  @OperationId('draftFieldOptionLabel')
  async relabelOption(@Param('id', ParseIntPipe) id: number, @Param('value') value: string, @Body() body: OptionLabelDto, @Actor() actor: AuditActor) {
    return ok(await this.options.relabel(id, value, body.label, actor), 'Option change drafted');
  }

  @Delete(':id/options/:value')
  @ApiOperation({ summary: "Draft an option's removal (admins): answers holding it are kept", description: DRAFTED })
  @ApiOkResponse({ type: DraftOptionResponseDto })
  @OperationId('draftFieldOptionRemoval')
  async removeOption(@Param('id', ParseIntPipe) id: number, @Param('value') value: string, @Actor() actor: AuditActor) {
    return ok(await this.options.remove(id, value, actor), 'Option removal drafted');
  }
}
