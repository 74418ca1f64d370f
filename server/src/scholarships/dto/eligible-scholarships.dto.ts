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
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'First-Generation Scholars Award', description: "The title ('No Name' is the browser's fallback)" }) title: string;
  @ApiProperty({ example: 'For students who are the first in their family to go to college.', description: 'The description as text, cut at 150 characters' }) description: string;
  @ApiProperty({ example: [5000], type: [Number] }) amounts: number[];
  @ApiProperty({ example: 5000, type: Number, nullable: true }) award: number | null;
  @ApiProperty({ example: 5000, description: 'Whole USD: the sum of amounts, or the award' }) totalAmount: number;
  @ApiProperty({ example: { deadline: '2027-03-31', repeat: 'yearly' }, type: 'object', properties: { deadline: { type: 'string' }, repeat: { type: 'string' } } }) recurrenceConfig: { deadline?: string; repeat?: string };
  @ApiProperty({ example: { firstName: 'Grace Hopper Foundation' }, type: 'object', properties: { firstName: { type: 'string' } }, description: 'The sponsor' }) user: { firstName: string };
  @ApiProperty({ example: 3, description: 'How many requirements the scholarship has (0: Easy Apply)' }) requirementCount: number;
  @ApiProperty({ example: true, description: 'On the applicant’s wishlist' }) isLiked: boolean;
  @ApiProperty({ example: '2026-11-02T14:30:00.000Z' }) createdAt: Date;
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
  @ApiProperty({ example: 3, description: 'Could unlock: open scholarships no answer rules out, at least one of whose rules asks what the profile leaves unanswered' }) count: number;
  @ApiProperty({ example: 5000, description: 'Their combined value, whole USD' }) totalValue: number;
}

export class DashboardSummaryDto {
  @ApiProperty({ example: 1, description: 'Applications sent (0 until applications exist)' }) appliedScholarship: number;
  @ApiProperty({ example: 1,
    description: "Recommendations: open scholarships whose every rule the profile meets (the Your Recommendation list's count, scholarships/stats and the profile's Eligible for N)",
  })
  yourRecommendation: number;
  @ApiProperty({ example: 1, description: 'The same number as yourRecommendation' }) eligible: number;
  @ApiProperty({ example: 5000, description: 'The recommendations’ combined value, whole USD' }) scholarshipAmount: number;
  @ApiProperty({ example: 1, description: 'Recommendations whose deadline is within 14 days' }) expiringSoon: number;
  @ApiProperty({ type: UnlockDto }) unlock: UnlockDto;
}

export class DashboardSummaryResponseDto extends ApiResponseBase {
  @ApiProperty({ type: DashboardSummaryDto })
  data: DashboardSummaryDto;
}

class StatsDto {
  @ApiProperty({ example: 1, description: "Recommendations: open scholarships whose every rule the profile meets (the dashboard summary's yourRecommendation)" })
  yourRecommendation: number;
}

export class StatsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: StatsDto })
  data: StatsDto;
}
