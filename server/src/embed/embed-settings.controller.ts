import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, KeyScope, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { OperationId } from '../common/operation-id.js';
import { EmbedOriginsDto, EmbedSettingsResponseDto } from './dto/embed.dto.js';
import { EmbedService } from './embed.service.js';

/** The organisation's embed settings (docs/embedding.md): the sites allowed to frame its cards, the snippets, the count. */
@ApiTags('embedding')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller('providers/embed')
export class EmbedSettingsController {
  constructor(private readonly embed: EmbedService) {}

  @Get()
  @ApiOperation({
    summary: 'The embed settings: allowed sites, and per published scholarship its snippet and the applications its card brought',
    description:
      "The organisation owner's: the sites its cards may be framed by (Content-Security-Policy frame-ancestors), the loader's address, and for each published or closed scholarship the HTML snippet to paste and how many submitted applications came through the card.",
  })
  @ApiOkResponse({ type: EmbedSettingsResponseDto })
  @OperationId('getEmbedSettings')
  @KeyScope('read_own_scholarships')
  async settings(@CurrentUser() caller: Caller) {
    return ok(await this.embed.settings(caller));
  }

  @Put('origins')
  @ApiOperation({
    summary: 'Replace the sites allowed to show the organisation’s cards',
    description:
      "Each entry must be a site's origin, scheme://host[:port]: https (http only for localhost, 127.0.0.1 or [::1] during development), no path, query, credentials or wildcard; anything else is 400 INVALID_ORIGIN with `errors` at 'origins.{index}'. More than 20 sites: 400 TOO_MANY_ORIGINS. Duplicates are kept once; [] lets no site frame the cards. Applies to the next card a browser loads.",
  })
  @ApiOkResponse({ type: EmbedSettingsResponseDto })
  @OperationId('setEmbedOrigins')
  @KeyScope('manage_scholarships')
  async saveOrigins(@CurrentUser() caller: Caller, @Body() body: EmbedOriginsDto) {
    return ok(await this.embed.saveOrigins(caller, body.origins), 'Allowed sites saved');
  }
}
