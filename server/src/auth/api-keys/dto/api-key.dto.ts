import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../../common/api-response.js';
import { KEY_SCOPES, type KeyScope } from '../../permissions.js';

export class CreateApiKeyDto {
  @ApiProperty({ description: 'What the key is for, to tell keys apart', maxLength: 100, example: 'Grants CRM sync' })
  @IsString() @MaxLength(100) @Matches(/\S/, { message: 'Give the key a name.' })
  name: string;

  @ApiProperty({ enum: KEY_SCOPES, isArray: true, description: 'What the key may do: permissions the creator holds (docs/api.md, "API keys")', example: ['read_applications'] })
  @IsArray() @ArrayMinSize(1, { message: 'Choose at least one permission.' }) @ArrayMaxSize(KEY_SCOPES.length) @ArrayUnique()
  @IsIn(KEY_SCOPES, { each: true, message: `Each scope must be one of ${KEY_SCOPES.join(', ')}.` })
  scopes: KeyScope[];

  @ApiPropertyOptional({ format: 'date-time', description: 'When the key stops working; absent: never (revoke it instead)', example: '2027-06-30T00:00:00Z' })
  @IsOptional() @IsISO8601({ strict: true }, { message: 'expiresAt must be a date and time, such as 2027-06-30T00:00:00Z.' })
  expiresAt?: string;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid', example: '0b8f6c1e-3d2a-4f5b-9c7d-2e1a4b6c8d90' }) id: string;
  @ApiProperty({ example: 'Grants CRM sync' }) name: string;
  @ApiProperty({ enum: KEY_SCOPES, isArray: true, example: ['read_applications', 'write_reviews'] }) scopes: KeyScope[];
  @ApiProperty({ description: 'The last four characters of the secret', example: 'x9Qa' }) last4: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T09:30:00Z' }) createdAt: Date;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, example: '2027-06-30T00:00:00Z' }) expiresAt: Date | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Written at most once a minute', example: '2026-11-28T10:02:00Z' }) lastUsedAt: Date | null;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiPropertyOptional({
    description: 'The secret, `smk_live_` and 43 characters: answered by this call only, never again (a replay of the call with the same Idempotency-Key omits it)',
    example: 'smk_live_Qm9vdHN0cmFwIHlvdXIgaW50ZWdyYXRpb24gaGVyZS4xMjM0',
  })
  secret?: string;
}

export class ApiKeysResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApiKeyDto, isArray: true }) data: ApiKeyDto[];
}

export class CreatedApiKeyResponseDto extends ApiResponseBase {
  @ApiProperty({ type: CreatedApiKeyDto }) data: CreatedApiKeyDto;
}

class RevokedDto {
  @ApiProperty({ example: true }) revoked: boolean;
}
export class RevokedApiKeyResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RevokedDto }) data: RevokedDto;
}
