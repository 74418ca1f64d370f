import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AutoApplySettings } from './auto-apply-settings.js';
import { OperationId } from '../common/operation-id.js';

class AutoApplyChangeDto {
  @ApiProperty({ example: true, description: 'Apply automatically to matching scholarships that need nothing more than the profile (or only the CV)' })
  @IsBoolean({ message: 'enabled must be true or false.' })
  enabled: boolean;
}

class AutoApplySettingDto {
  @ApiProperty({ example: true, description: 'Whether automatic application is on' }) enabled: boolean;
  @ApiProperty({ example: true, description: 'Whether the account has a membership (it only applies while it has)' }) member: boolean;
}

class AutoApplySettingResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AutoApplySettingDto }) data: AutoApplySettingDto;
}

@ApiTags('applications')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('register-applicants')
export class AutoApplyController {
  constructor(private readonly settings: AutoApplySettings) {}

  @Get('auto-apply')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. Whether automatic application is on for the caller and whether they have a membership, since it applies only while they have one (docs/automation.md). Not cached.', summary: 'Whether the product applies automatically for the applicant (docs/automation.md)' })
  @ApiOkResponse({ type: AutoApplySettingResponseDto })
  @OperationId('getAutoApply')
  async read(@CurrentUser() caller: Caller) {
    return ok(await this.settings.read(caller));
  }

  @Put('auto-apply')
  @ApiOperation({
    summary: 'Turn automatic application on (members; 403 SUBSCRIPTION_REQUIRED otherwise) or off',
    description: 'On: applies at once to every open matching scholarship that needs nothing more than the profile or only the CV, then to new ones as they come.',
  })
  @ApiOkResponse({ type: AutoApplySettingResponseDto })
  @OperationId('setAutoApply')
  async change(@CurrentUser() caller: Caller, @Body() body: AutoApplyChangeDto) {
    const setting = await this.settings.change(caller, body.enabled);
    return ok(setting, setting.enabled ? MESSAGES.autoApplyOn : MESSAGES.autoApplyOff);
  }
}
