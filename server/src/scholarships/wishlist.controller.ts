import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { WishlistService } from './wishlist.service.js';
import { OperationId } from '../common/operation-id.js';

class WishlistChangeDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' })
  @IsUUID('all', { message: 'scholarshipId must be a scholarship id.' })
  scholarshipId: string;
}

class WishlistScholarshipDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award' }) title: string;
  @ApiProperty({ example: 'For students who are the first in their family to go to college.', description: 'Text preview, 150 characters' }) description: string;
  @ApiProperty({ example: 5000 }) totalAmount: number;
  @ApiProperty({ example: { deadline: '2027-03-31', repeat: 'yearly' }, type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: object;
  @ApiProperty({ example: { firstName: 'Grace Hopper Foundation' }, type: 'object', properties: { firstName: { type: 'string' } } }) user: { firstName: string };
}

class WishlistItemDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57' }) scholarshipId: string;
  @ApiProperty({ example: true }) isLiked: boolean;
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
  @ApiOperation({ description: 'Applicants only. The scholarships the caller saved, newest first, each as `{ scholarshipId, isLiked, scholarship }` with the card\'s fields; unpaged, so the list\'s length is the count. Not cached.', summary: "The applicant's saved scholarships, newest first (the list's length is the count)" })
  @ApiOkResponse({ type: WishlistResponseDto })
  @OperationId('listWishlist')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.wishlist.list(caller));
  }

  @Put('add-wishlist')
  @ApiOperation({ description: 'Applicants only. Saves a scholarship to the caller\'s wishlist; saving it twice changes nothing. A draft or unknown scholarship is 404 SCHOLARSHIP_NOT_FOUND.', summary: 'Save a scholarship (idempotent)' })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('addToWishlist')
  async add(@CurrentUser() caller: Caller, @Body() body: WishlistChangeDto) {
    await this.wishlist.add(caller, body.scholarshipId);
    return { statusCode: 200, message: 'Added to your wishlist' };
  }

  @Put('remove-wishlist')
  @ApiOperation({ description: 'Applicants only. Removes a scholarship from the caller\'s wishlist; removing one that is not saved still answers 200.', summary: 'Unsave a scholarship (idempotent)' })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('removeFromWishlist')
  async remove(@CurrentUser() caller: Caller, @Body() body: WishlistChangeDto) {
    await this.wishlist.remove(caller, body.scholarshipId);
    return { statusCode: 200, message: 'Removed from your wishlist' };
  }
}
