import { Body, Controller, Header, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { attachmentDisposition } from '../uploads/file-names.js';
import { EraseRequestDto, PrivacyErasureResponseDto } from './dto/privacy.dto.js';
import { PrivacyService } from './privacy.service.js';
import { OperationId } from '../common/operation-id.js';

const personId = () => uuidOf('person');

/**
 * Privacy requests on the console's person page (docs/privacy.md). Admins only: an export hands
 * over everything held about a person, an erasure cannot be undone; support staff read members but
 * do neither.
 */
@ApiTags('admin')
@ApiErrorResponses()
@ApiBearerAuth()
@Controller('admin/people')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post(':id/export')
  @Roles('admin')
  @HttpCode(200)
  @Header('cache-control', 'private, no-store')
  @Header('x-content-type-options', 'nosniff')
  @ApiOperation({
    summary: "Everything held about a person, as a zip: data.json and their uploaded files (admins)",
    description: '404 USER_NOT_FOUND. Audited as privacy.exported. The archive is streamed as it is written.',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The zip archive, as an attachment' })
  @OperationId('exportPersonData')
  async export(@Param('id', personId()) id: string, @Actor() actor: AuditActor) {
    const { fileName, archive } = await this.privacy.exportOf(id, actor);
    return new StreamableFile(archive, { type: 'application/zip', disposition: attachmentDisposition(fileName) });
  }

  @Post(':id/erase')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Erase a person: remove what is personal, keep what payment and tax records need, under a pseudonym (admins)',
    description:
      "400 CONFIRMATION_MISMATCH when confirmEmail is not the person's address; 404 USER_NOT_FOUND; 409 STAFF_NOT_ERASABLE, NOT_ERASABLE (a provider or reviewer), " +
      'MEMBERSHIP_RENEWS (cancel it first), ALREADY_ERASED. Audited as privacy.erased. The answer lists what was kept and why.',
  })
  @ApiOkResponse({ type: PrivacyErasureResponseDto })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'The person cannot be erased (see the description)' })
  @OperationId('erasePerson')
  async erase(@Param('id', personId()) id: string, @Body() body: EraseRequestDto, @Actor() actor: AuditActor) {
    return ok(await this.privacy.erase(id, body.confirmEmail, actor), 'Person erased');
  }
}
