import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AdminFieldsService } from './admin-fields.service.js';
import {
  DesignerFormListResponseDto,
  DiscardedResponseDto,
  DraftDiffResponseDto,
  DraftFieldListResponseDto,
  FieldOrderDto,
  FormPreviewResponseDto,
  FormVersionPageResponseDto,
  FormVersionResponseDto,
  FormVersionsQueryDto,
  PublishFormVersionDto,
} from './dto/form-designer.dto.js';
import { FormKeyPipe } from './form-key.pipe.js';
import { FormVersionsService } from './form-versions.service.js';
import { OperationId } from '../common/operation-id.js';

/** The form designer's forms, draft, diff and versions (docs/form-designer.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('admin')
@Controller('admin/forms')
export class FormDesignerController {
  constructor(
    private readonly versions: FormVersionsService,
    private readonly fields: AdminFieldsService,
  ) {}

  @Get()
  @ApiOperation({ description: 'Admins only. Every form staff can edit in the designer (key, title, the sections and borrowed fields it shows) with the number of its fields the current draft changes (docs/form-designer.md).', summary: 'The forms staff edit in the designer, with how many of their fields the draft changes (admins)' })
  @ApiOkResponse({ type: DesignerFormListResponseDto })
  @OperationId('listDesignerForms')
  async forms() {
    return ok(await this.versions.designerForms());
  }

  @Get('draft/diff')
  @ApiOperation({
    summary: 'What publishing the draft would change for people (admins)',
    description: 'Field by field: added, removed, now required, no longer required, changed or restored, with the stored answers under each key; `blockers` name the published scholarships whose rules use a field the draft removes.',
  })
  @ApiOkResponse({ type: DraftDiffResponseDto })
  @OperationId('getFormDraftDiff')
  async diff() {
    return ok(await this.versions.diff());
  }

  @Delete('draft')
  @ApiOperation({ description: 'Admins only. Throws away every drafted change of every form at once: the forms stay as the latest published version and nothing a person sees changes. Recorded in the audit log; answers how many changes were dropped.', summary: 'Discard the whole draft (admins)' })
  @ApiOkResponse({ type: DiscardedResponseDto })
  @OperationId('discardFormDraft')
  async discard(@Actor() actor: AuditActor) {
    return ok(await this.fields.discard(actor), 'Draft discarded');
  }

  @Get(':formKey/preview')
  @ApiOperation({ description: 'Admins only. The form compiled as it would be served if the draft were published now, in the same shape as GET /api/v1/forms/{formKey} (JSON Schema and UI schema), so the designer can render it. An unknown form key is 404 FORM_NOT_FOUND.', summary: 'The form compiled with the draft applied, in the shape GET /forms/{formKey} serves (admins)' })
  @ApiOkResponse({ type: FormPreviewResponseDto })
  @OperationId('previewDraftForm')
  async preview(@Param('formKey', FormKeyPipe) formKey: string) {
    return ok(await this.versions.preview(formKey));
  }

  @Put(':formKey/order')
  @ApiOperation({ description: 'Admins only. Takes the form\'s field keys in their new order; the order is drafted, not live, until a version is published. A key the form does not show, or only borrows from another section, is 400 INVALID_ORDER; an unknown form 404 FORM_NOT_FOUND.', summary: "Draft the order of a form's fields (admins); 400 INVALID_ORDER for a key the form does not show or borrows" })
  @ApiOkResponse({ type: DraftFieldListResponseDto })
  @OperationId('draftFieldOrder')
  async order(@Param('formKey', FormKeyPipe) formKey: string, @Body() body: FieldOrderDto, @Actor() actor: AuditActor) {
    return ok(await this.fields.order(formKey, body.keys, actor), 'Order drafted');
  }

  @Post('versions')
  @ApiOperation({
    summary: 'Publish the draft as a new version (admins)',
    description: 'One transaction: the live fields change, the version is recorded with its diff, the draft is emptied and the action audited. 409 DRAFT_EMPTY; 409 FIELD_IN_USE when a removed field is used by a published eligibility rule.',
  })
  @ApiCreatedResponse({ type: FormVersionResponseDto })
  @OperationId('publishFormVersion')
  async publish(@Body() body: PublishFormVersionDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Version published', data: await this.versions.publish(body.note, actor) };
  }

  @Get('versions')
  @ApiOperation({ description: 'Admins only. The published form versions, newest first and paged (`page`, `limit`), each with its number, kind (publish or rollback), note, who published it, when, and how many changes it made: the history a rollback works on (docs/form-designer.md).', summary: 'Published versions, newest first (admins)' })
  @ApiOkResponse({ type: FormVersionPageResponseDto })
  @OperationId('listFormVersions')
  async list(@Query() query: FormVersionsQueryDto) {
    return ok(await this.versions.versions(query.page ?? 1, query.limit ?? 20));
  }

  @Get('versions/:number')
  @ApiOperation({ description: 'Admins only. One published version by number, with the field changes it made (added, changed, removed) for the designer\'s history page. An unknown number is 404 VERSION_NOT_FOUND.', summary: 'One version with the changes it made (admins)' })
  @ApiOkResponse({ type: FormVersionResponseDto })
  @OperationId('getFormVersion')
  async one(@Param('number', ParseIntPipe) number: number) {
    return ok(await this.versions.version(number));
  }

  @Post('versions/:number/rollback')
  @ApiOperation({
    summary: 'Roll the latest version back to the one before, as a new version (admins)',
    description: 'Fields it added are deactivated (answers kept), fields it changed or removed are as before. 409 DRAFT_NOT_EMPTY, NOT_LATEST_VERSION, FIELD_IN_USE.',
  })
  @ApiCreatedResponse({ type: FormVersionResponseDto })
  @OperationId('rollBackFormVersion')
  async rollback(@Param('number', ParseIntPipe) number: number, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Version rolled back', data: await this.versions.rollback(number, actor) };
  }
}
