import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { WishlistService } from './wishlist.service.js';
import { OperationId } from '../common/operation-id.js';

class WishlistChangeDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'scholarshipId must be a scholarship id.' })
  scholarshipId: string;
}

class WishlistScholarshipDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Text preview, 150 characters' }) description: string;
  @ApiProperty() totalAmount: number;
  @ApiProperty({ type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: object;
  @ApiProperty({ type: 'object', properties: { firstName: { type: 'string' } } }) user: { firstName: string };
}

class WishlistItemDto {
  @ApiProperty() scholarshipId: string;
  @ApiProperty() isLiked: boolean;
  @ApiProperty({ type: WishlistScholarshipDto }) scholarship: WishlistScholarshipDto;
}

class WishlistResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [WishlistItemDto] })
  data: WishlistItemDto[];
}

@ApiTags('scholarships')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('scholarships')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Get('get-wishlist')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "The applicant's saved scholarships, newest first (the list's length is the count)" })
  @ApiOkResponse({ type: WishlistResponseDto })
  @OperationId('listWishlist')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.wishlist.list(caller));
  }

  @Put('add-wishlist')
  @ApiOperation({ summary: 'Save a scholarship (idempotent)' })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('addToWishlist')
  async add(@CurrentUser() caller: Caller, @Body() body: WishlistChangeDto) {
    await this.wishlist.add(caller, body.scholarshipId);
    return { statusCode: 200, message: 'Added to your wishlist' };
  }

  @Put('remove-wishlist')
  @ApiOperation({ summary: 'Unsave a scholarship (idempotent)' })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('removeFromWishlist')
  async remove(@CurrentUser() caller: Caller, @Body() body: WishlistChangeDto) {
    await this.wishlist.remove(caller, body.scholarshipId);
    return { statusCode: 200, message: 'Removed from your wishlist' };
  }
}
