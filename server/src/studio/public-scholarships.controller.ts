import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { PublicScholarshipResponseDto } from './dto/studio.dto.js';
import { PublicScholarshipsService } from './public-scholarships.service.js';
import { OperationId } from '../common/operation-id.js';

/** The shareable page of a published scholarship (docs/providers.md). */
@ApiTags('scholarships')
@ApiErrorResponses()
@Controller('scholarships/slug')
export class PublicScholarshipsController {
  constructor(private readonly scholarships: PublicScholarshipsService) {}

  @Public()
  @Get(':slug')
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({ description: 'No token needed: the public page of a published or closed scholarship, by the `slug` it got when published, with its sanitised description, amounts, deadline and sponsor. A draft or unknown slug is 404. Cached for 60 seconds.', summary: "A published scholarship's public page, by its web address (drafts: 404)" })
  @ApiOkResponse({ type: PublicScholarshipResponseDto })
  @OperationId('getPublicScholarship')
  async bySlug(@Param('slug') slug: string) {
    return ok(await this.scholarships.bySlug(slug));
  }
}
