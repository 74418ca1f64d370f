import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { queryBoolean } from '../../common/transforms.js';

/** The original list parameters (as in the original product); `limit` is the page size here, not page × 6. */
export class EligibleScholarshipsQueryDto {
  @ApiPropertyOptional({ default: 0, description: '(page - 1) × page size' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  offset?: number;

  @ApiPropertyOptional({ default: 6, description: 'The page size: 6 for lists, 2 for the dashboard' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'DESC' })
  @IsOptional()
  @IsIn(['ASC', 'DESC'])
  order?: 'ASC' | 'DESC';

  @ApiPropertyOptional({ enum: ['createdAt', 'deadline'], default: 'createdAt' })
  @IsOptional()
  @IsIn(['createdAt', 'deadline'])
  orderBy?: 'createdAt' | 'deadline';

  @ApiPropertyOptional({
    description: 'true: Easy Apply (the recommendations with no requirement); false or absent: every recommendation (the Your Recommendation list)',
    type: Boolean,
  })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  withoutRequirement?: boolean;

  @ApiPropertyOptional({ description: "Only scholarships whose single requirement has this key (the CV list: 'cv')", example: 'cv' })
  @IsOptional()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)
  requirementFields?: string;
}

export class EligibleScholarshipDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "The title ('No Name' is the browser's fallback)" }) title: string;
  @ApiProperty({ description: 'The description as text, cut at 150 characters' }) description: string;
  @ApiProperty({ type: [Number] }) amounts: number[];
  @ApiProperty({ type: Number, nullable: true }) award: number | null;
  @ApiProperty({ description: 'Whole USD: the sum of amounts, or the award' }) totalAmount: number;
  @ApiProperty({ type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: { deadline?: string; repeat?: string };
  @ApiProperty({ type: 'object', properties: { firstName: { type: 'string' } }, description: 'The sponsor' }) user: { firstName: string };
  @ApiProperty({ description: 'How many requirements the scholarship has (0: Easy Apply)' }) requirementCount: number;
  @ApiProperty({ description: 'On the applicant’s wishlist' }) isLiked: boolean;
  @ApiProperty() createdAt: Date;
}

export class EligibleScholarshipListResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [EligibleScholarshipDto] })
  data: EligibleScholarshipDto[];
}

export class CountResponseDto extends ApiResponseBase {
  @ApiProperty({ example: 42 })
  data: number;
}

class UnlockDto {
  @ApiProperty({ description: 'Could unlock: open scholarships no answer rules out, at least one of whose rules asks what the profile leaves unanswered' }) count: number;
  @ApiProperty({ description: 'Their combined value, whole USD' }) totalValue: number;
}

export class DashboardSummaryDto {
  @ApiProperty({ description: 'Applications sent (0 until applications exist)' }) appliedScholarship: number;
  @ApiProperty({
    description: "Recommendations: open scholarships whose every rule the profile meets (the Your Recommendation list's count, scholarships/stats and the profile's Eligible for N)",
  })
  yourRecommendation: number;
  @ApiProperty({ description: 'The same number as yourRecommendation' }) eligible: number;
  @ApiProperty({ description: 'The recommendations’ combined value, whole USD' }) scholarshipAmount: number;
  @ApiProperty({ description: 'Recommendations whose deadline is within 14 days' }) expiringSoon: number;
  @ApiProperty({ type: UnlockDto }) unlock: UnlockDto;
}

export class DashboardSummaryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DashboardSummaryDto })
  data: DashboardSummaryDto;
}

class StatsDto {
  @ApiProperty({ description: "Recommendations: open scholarships whose every rule the profile meets (the dashboard summary's yourRecommendation)" })
  yourRecommendation: number;
}

export class StatsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StatsDto })
  data: StatsDto;
}
