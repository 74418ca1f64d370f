import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/api-response.js';
import { ApiErrorResponses } from '../../common/error-body.js';
import { uuidOf } from '../../common/id-pipe.js';
import { OperationId } from '../../common/operation-id.js';
import { Idempotent } from '../../idempotency/idempotent.decorator.js';
import { type Caller, CurrentUser, Roles } from '../auth.decorators.js';
import { ApiKeysService, withoutSecret } from './api-keys.service.js';
import { ApiKeysResponseDto, CreateApiKeyDto, CreatedApiKeyResponseDto, RevokedApiKeyResponseDto } from './dto/api-key.dto.js';

/**
 * The organisation owner's API keys (docs/api.md, "API keys"). A person's session only: no route
 * here declares a key scope, so a key can neither make nor revoke keys.
 */
@ApiTags('API keys')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller('providers/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: "The owner's live API keys: name, scopes, last four characters, created, last used, expiry (never the secret)",
    description: 'Newest first; revoked keys are left out. Only the organisation owner (a provider signed in as a person) may call it: reviewers get 403, and no API key reaches it.',
  })
  @ApiOkResponse({ type: ApiKeysResponseDto })
  @OperationId('listApiKeys')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.keys.list(caller));
  }

  @Post()
  @Idempotent({ keptAnswer: withoutSecret })
  @ApiOperation({
    summary: 'Create an API key; its secret is in this answer only',
    description:
      'Scopes must be permissions the caller holds (403 SCOPE_NOT_HELD otherwise). A replay with the same Idempotency-Key answers the key without its secret, saying it was shown once.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @OperationId('createApiKey')
  async create(@CurrentUser() caller: Caller, @Body() body: CreateApiKeyDto) {
    const key = await this.keys.create(caller, body);
    return { statusCode: 201, message: 'API key created. Copy its secret now: it is shown only this once.', data: key };
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Revoke an API key: its next request, on any server, is refused (401)',
    description: "Revoking is final: to roll a key, create the new one first, move the integration to it, then revoke the old. Another owner's key, or one already revoked, is 404.",
  })
  @ApiOkResponse({ type: RevokedApiKeyResponseDto })
  @OperationId('revokeApiKey')
  async revoke(@CurrentUser() caller: Caller, @Param('id', uuidOf('API key')) id: string) {
    return ok(await this.keys.revoke(caller, id), 'API key revoked');
  }
}
