import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, KeyScope, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { FormResponseDto } from '../forms/dto/form.dto.js';
import { EligibilityRuleDto, FormAnswersDto, ProviderScholarshipResponseDto } from '../scholarships/dto/provider-scholarship.dto.js';
import { ProviderScholarshipsService } from '../scholarships/provider-scholarships.service.js';
import {
  CriteriaDto,
  CriteriaResponseDto,
  CriteriaVocabularyResponseDto,
  CriterionResponseDto,
  EligibilityCountResponseDto,
  RequirementDraftsDto,
  RequirementListResponseDto,
} from './dto/studio.dto.js';
import { StudioService } from './studio.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const scholarshipId = uuidOf('scholarship');

/**
 * The provider studio's calls on the original paths (docs/providers.md): the editor form, the
 * requirement builder with its preview, the eligibility builder with its vocabulary and count.
 */
@ApiTags('provider studio')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller()
export class StudioController {
  constructor(
    private readonly scholarships: ProviderScholarshipsService,
    private readonly studio: StudioService,
  ) {}

  @Post('scholarships')
  @Idempotent()
  @ApiOperation({
    summary: 'A new draft scholarship from the scholarship-editor form (providers)',
    description: 'Only what is given is checked (a title is needed); the whole form is required to publish. Invalid answers: 400 INVALID_ANSWERS with `errors` by field key.',
  })
  @ApiCreatedResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('createScholarshipFromEditor')
  @KeyScope('manage_scholarships')
  async create(@CurrentUser() caller: Caller, @Body() body: FormAnswersDto) {
    return { statusCode: 201, message: 'Scholarship created', data: await this.scholarships.createFromEditor(caller, body.answers) };
  }

  @Put('scholarships/:id')
  @ApiOperation({
    summary: "Save the scholarship-editor form's answers (a draft save; the whole form replaces the editor's fields)",
    description: 'Closed: 409 SCHOLARSHIP_CLOSED; a web address another scholarship has: 409 SLUG_TAKEN.',
  })
  @ApiOkResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('saveScholarshipEditor')
  @KeyScope('manage_scholarships')
  async update(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: FormAnswersDto) {
    return ok(await this.scholarships.updateFromEditor(caller, id, body.answers), 'Saved draft');
  }

  @Get('scholarship/:id/requirement')
  @ApiOperation({ description: 'The provider\'s own scholarship: its requirements (what an applicant must answer or upload), in the order the form shows them. Another provider\'s scholarship is 404 SCHOLARSHIP_NOT_FOUND.', summary: "The scholarship's requirements, in order (providers)" })
  @ApiOkResponse({ type: RequirementListResponseDto })
  @OperationId('listRequirements')
  @KeyScope('read_own_scholarships')
  async requirements(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string) {
    return ok({ requirements: await this.scholarships.requirements(caller, id) });
  }

  @Put('scholarship/:id/requirement')
  @ApiOperation({
    summary: 'Replace the requirements with the builder’s list, in its order',
    description:
      "Each entry is judged by the served requirement-editor form (errors at 'requirements.{index}.{field}'). A stored requirement keeps its answer key; applications stay on the form version they started on.",
  })
  @ApiOkResponse({ type: RequirementListResponseDto })
  @OperationId('replaceRequirements')
  @KeyScope('manage_scholarships')
  async replaceRequirements(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: RequirementDraftsDto) {
    return ok({ requirements: await this.scholarships.replaceRequirements(caller, id, body.requirements) }, MESSAGES.requirementsSaved);
  }

  @Post('scholarship/:id/requirement/preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The requirement form unsaved builder entries make, as applicants would get it, with its validator',
    description: 'Nothing is saved on the scholarship. The browser compiles the same form itself with @scholarmatch/schemas; the versions agree.',
  })
  @ApiOkResponse({ type: FormResponseDto })
  @OperationId('previewRequirementForm')
  @KeyScope('manage_scholarships')
  async preview(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: RequirementDraftsDto) {
    return ok(await this.studio.preview(caller, id, body.requirements));
  }

  @Get('scholarship/:id/criteria')
  @ApiOperation({ description: 'The provider\'s own scholarship: its eligibility rules (`fieldKey`, `operator`, `value`), which decide which applicants it is matched to (docs/matching.md). Another provider\'s scholarship is 404 SCHOLARSHIP_NOT_FOUND.', summary: "The scholarship's eligibility rules (providers)" })
  @ApiOkResponse({ type: CriteriaResponseDto })
  @OperationId('listCriteria')
  @KeyScope('read_own_scholarships')
  async criteria(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string) {
    return ok({ criteria: await this.scholarships.criteria(caller, id) });
  }

  @Put('scholarship/:id/criteria')
  @ApiOperation({ summary: 'Replace the eligibility rules', description: 'A rule keeps its id when sent with it. An unknown field or an operator its type does not allow: 400 INVALID_CRITERIA.' })
  @ApiOkResponse({ type: CriteriaResponseDto })
  @OperationId('replaceCriteria')
  @KeyScope('manage_scholarships')
  async replaceCriteria(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: CriteriaDto) {
    return ok({ criteria: await this.scholarships.replaceCriteria(caller, id, body.criteria) }, 'Criteria saved');
  }

  @Post('scholarship/:id/criteria')
  @Idempotent()
  @ApiOperation({ description: 'Adds one eligibility rule to the provider\'s own scholarship and answers the rule as stored, with its id. An unknown field or an operator its type does not allow is 400 INVALID_CRITERIA; past the maximum number of rules 409 TOO_MANY_RULES; a closed scholarship 409 SCHOLARSHIP_CLOSED.', summary: 'Add one eligibility rule' })
  @ApiCreatedResponse({ type: CriterionResponseDto })
  @OperationId('addCriterion')
  @KeyScope('manage_scholarships')
  async addCriterion(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: EligibilityRuleDto) {
    return { statusCode: 201, message: 'Rule added', data: await this.scholarships.addCriterion(caller, id, body) };
  }

  @Put('scholarship/:id/criteria/:criteriaId')
  @ApiOperation({ description: 'Replaces one eligibility rule of the provider\'s own scholarship and answers it as stored. A rule id the scholarship does not have is 404 CRITERION_NOT_FOUND; an invalid rule 400 INVALID_CRITERIA; a closed scholarship 409 SCHOLARSHIP_CLOSED.', summary: 'Change one eligibility rule (unknown rule: 404)' })
  @ApiOkResponse({ type: CriterionResponseDto })
  @OperationId('updateCriterion')
  @KeyScope('manage_scholarships')
  async updateCriterion(
    @CurrentUser() caller: Caller,
    @Param('id', scholarshipId) id: string,
    @Param('criteriaId', uuidOf('rule')) criteriaId: string,
    @Body() body: EligibilityRuleDto,
  ) {
    return ok(await this.scholarships.updateCriterion(caller, id, criteriaId, body), 'Rule saved');
  }

  @Delete('scholarship/:id/criteria/:criteriaId')
  @ApiOperation({ description: 'Deletes one eligibility rule of the provider\'s own scholarship and answers the rules left, so the studio can redraw its list. An unknown rule id is 404 CRITERION_NOT_FOUND; a closed scholarship 409 SCHOLARSHIP_CLOSED.', summary: 'Remove one eligibility rule; answers the rules left' })
  @ApiOkResponse({ type: CriteriaResponseDto })
  @OperationId('removeCriterion')
  @KeyScope('manage_scholarships')
  async removeCriterion(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('criteriaId', uuidOf('rule')) criteriaId: string) {
    return ok({ criteria: await this.scholarships.removeCriterion(caller, id, criteriaId) }, 'Rule removed');
  }

  @Get('providers/criteria-vocabulary')
  @ApiOperation({
    summary: 'The profile fields a rule may name, their operators and each operator’s value form',
    description: "Compiled from the fields' own definitions: a field an admin adds can be used at once.",
  })
  @ApiOkResponse({ type: CriteriaVocabularyResponseDto })
  @OperationId('getCriteriaVocabulary')
  @KeyScope('read_own_scholarships')
  async vocabulary() {
    return ok({ fields: await this.studio.vocabulary() });
  }

  @Post('providers/eligibility-count')
  @HttpCode(200)
  @ApiOperation({
    summary: 'How many applicants unsaved rules make eligible now, and how many more would be if they answered one field',
    description: "The matcher's own SQL over every applicant's stored answers (docs/matching.md).",
  })
  @ApiOkResponse({ type: EligibilityCountResponseDto })
  @OperationId('countEligibleApplicants')
  @KeyScope('read_own_scholarships')
  async count(@Body() body: CriteriaDto) {
    return ok(await this.studio.count(body.criteria));
  }
}
