import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, KeyScope, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { FormAnswersDto } from '../scholarships/dto/provider-scholarship.dto.js';
import {
  ActivityQueryDto,
  ActivityResponseDto,
  ApplicantsPageResponseDto,
  ApplicantsQueryDto,
  ChooseWinnersDto,
  PointsResponseDto,
  ProviderMessageDto,
  RankCriteriaDraftsDto,
  ReviewSettingsDto,
  ReviewSettingsResponseDto,
  ReviewStatusDto,
  ReviewStatusResponseDto,
  RubricResponseDto,
  SentResponseDto,
  SubmissionResponseDto,
  WinnersResponseDto,
} from './dto/review.dto.js';
import { APPLICANTS_CSV_EXAMPLE, ReviewExport } from './review-export.js';
import { ReviewService } from './review.service.js';
import { RubricService } from './rubric.service.js';
import { StatusMovesService } from './status-moves.service.js';
import { WinnersService } from './winners.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const scholarshipId = uuidOf('scholarship');
const applicationId = uuidOf('application');

/**
 * Provider review on the original paths (docs/review.md): the scholarship's owner and its
 * organisation's reviewers; another provider's scholarship is a 404, applicants get 403.
 */
@ApiTags('provider review')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider', 'reviewer')
@Controller()
export class ReviewController {
  constructor(
    private readonly review: ReviewService,
    private readonly rubric: RubricService,
    private readonly winnersService: WinnersService,
    private readonly exporter: ReviewExport,
    private readonly statusMoves: StatusMovesService,
  ) {}

  @Get('scholarships/:id/applicants')
  @ApiOperation({ description: 'For the scholarship\'s provider and its organisation\'s reviewers (anyone else: 404 SCHOLARSHIP_NOT_FOUND). A page of submitted applications with reference, status, eligibility, average and own score; filter by `status` and `eligible`, `search` names or references, sort and page (docs/review.md). Under blind review the personal fields are null.', summary: 'The submitted applications, with status, eligibility and scores; filters, search, paging (owner, reviewers)' })
  @ApiOkResponse({ type: ApplicantsPageResponseDto })
  @OperationId('listApplicants')
  @KeyScope('read_applications')
  async applicants(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Query() query: ApplicantsQueryDto) {
    return ok(await this.review.list(caller, id, query));
  }

  @Get('scholarships/:id/applicants/:applicantId')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: one submitted application, its answers and the requirement form version it was submitted against, so they render as the applicant saw them. `applicant` (name and contact details) is null under blind review; an unknown application is 404 APPLICATION_NOT_FOUND.', summary: 'One submission: answers with the pinned requirement form, and the applicant unless blind review is on' })
  @ApiOkResponse({ type: SubmissionResponseDto })
  @OperationId('getApplicantSubmission')
  @KeyScope('read_applications')
  async submission(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('applicantId', applicationId) applicantId: string) {
    return ok(await this.review.submission(caller, id, applicantId));
  }

  @Put('scholarships/:id/applicants/:applicantId/status')
  @ApiOperation({ description: 'The scholarship\'s owner moves one application to a review status (reviewers get 403 OWNER_ONLY). The applicant\'s inbox message and e-mail wait a short delay so the move can be undone; an unknown application is 404 APPLICATION_NOT_FOUND.', summary: "Move an application's review status (owner); the applicant is told in the inbox (and by e-mail) STATUS_MESSAGE_DELAY_SECONDS later, unless the move is undone or reversed first" })
  @ApiOkResponse({ type: ReviewStatusResponseDto })
  @OperationId('setApplicationStatus')
  @KeyScope('write_reviews')
  async status(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('applicantId', applicationId) applicantId: string, @Body() body: ReviewStatusDto) {
    return ok(await this.statusMoves.move(caller, id, applicantId, body.status), 'Status changed');
  }

  @Post('scholarships/:id/applicants/:applicantId/status/undo')
  @HttpCode(200)
  @ApiOperation({ description: 'The scholarship\'s owner takes back recent status moves of one application whose message has not been sent yet: the earlier status returns and the applicant hears nothing. Once the message has left, 409 NOTHING_TO_UNDO.', summary: "Take back the application's status moves whose message has not left yet (owner): the earlier status returns and nothing is sent; 409 NOTHING_TO_UNDO once it has" })
  @ApiOkResponse({ type: ReviewStatusResponseDto })
  @OperationId('undoApplicationStatus')
  @KeyScope('write_reviews')
  async undoStatus(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('applicantId', applicationId) applicantId: string) {
    return ok(await this.statusMoves.undo(caller, id, applicantId), 'Status change undone');
  }

  @Get('scholarships/:id/review-settings')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: whether blind review is on, which hides applicants\' names, e-mail, phone and school from the review screens and the export (docs/review.md).', summary: 'Whether blind review is on (owner, reviewers)' })
  @ApiOkResponse({ type: ReviewSettingsResponseDto })
  @OperationId('getReviewSettings')
  @KeyScope('read_own_scholarships')
  async settings(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string) {
    return ok(await this.review.settings(caller, id));
  }

  @Put('scholarships/:id/review-settings')
  @ApiOperation({ description: 'The scholarship\'s owner turns blind review on or off (reviewers get 403 OWNER_ONLY); it applies at once to every reviewer\'s list, submission view and CSV export.', summary: 'Turn blind review on or off (owner): name, e-mail, phone and school hidden from everyone' })
  @ApiOkResponse({ type: ReviewSettingsResponseDto })
  @OperationId('updateReviewSettings')
  @KeyScope('manage_scholarships')
  async updateSettings(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: ReviewSettingsDto) {
    return ok(await this.review.updateSettings(caller, id, body.blindReview), 'Review settings saved');
  }

  @Get('scholarship/:id/rank-criteria')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: the rank criteria (name, description, weight, maximum points) and the scoring form compiled from them, which reviewers fill in to give points.', summary: 'The rubric and the scoring form compiled from it (owner, reviewers)' })
  @ApiOkResponse({ type: RubricResponseDto })
  @OperationId('getRubric')
  @KeyScope('read_own_scholarships')
  async rankCriteria(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string) {
    return ok(await this.rubric.rubric(caller, id));
  }

  @Put('scholarship/:id/rank-criteria')
  @ApiOperation({ summary: "Replace the rubric with the builder's entries, in order (owner)", description: "Each judged by the served rank-criterion-editor form (errors at 'criteria.{index}.{field}')." })
  @ApiOkResponse({ type: RubricResponseDto })
  @OperationId('replaceRubric')
  @KeyScope('manage_scholarships')
  async replaceRankCriteria(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: RankCriteriaDraftsDto) {
    return ok(await this.rubric.replaceRubric(caller, id, body.criteria), 'Rank criteria saved');
  }

  @Get('scholarship/:id/applicants/:applicantId/points')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: every reviewer\'s points on one application, each reviewer\'s weighted total and the average. An unknown application is 404 APPLICATION_NOT_FOUND.', summary: "Every reviewer's points on an application, weighted totals and the average" })
  @ApiOkResponse({ type: PointsResponseDto })
  @OperationId('listPoints')
  @KeyScope('read_applications')
  async points(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('applicantId', applicationId) applicantId: string) {
    return ok(await this.rubric.points(caller, id, applicantId));
  }

  @Put('scholarship/:id/applicants/:applicantId/points')
  @ApiOperation({ summary: "Give the caller's points (the scoring form's answers, by criterion id)", description: 'Invalid: 400 INVALID_ANSWERS; no rubric: 409 NO_RUBRIC.' })
  @ApiOkResponse({ type: PointsResponseDto })
  @OperationId('givePoints')
  @KeyScope('write_reviews')
  async givePoints(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Param('applicantId', applicationId) applicantId: string, @Body() body: FormAnswersDto) {
    return ok(await this.rubric.givePoints(caller, id, applicantId, body.answers), MESSAGES.pointsSaved);
  }

  @Get('scholarships/:id/winners')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: the applications chosen as winners and the decisions that chose them, by hand or by draw, with a draw\'s seed so it can be checked (docs/review.md).', summary: 'The winners and the decisions (draws with their seeds) (owner, reviewers)' })
  @ApiOkResponse({ type: WinnersResponseDto })
  @OperationId('listWinners')
  @KeyScope('read_applications')
  async winners(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string) {
    return ok(await this.winnersService.winners(caller, id));
  }

  @Post('scholarships/:id/winners')
  @ApiOperation({ summary: 'Choose the winners by hand or draw them with a recorded seed (owner)', description: 'Already chosen: 409 WINNERS_CHOSEN; too few eligible: 409 NOT_ENOUGH_CANDIDATES.' })
  @ApiCreatedResponse({ type: WinnersResponseDto })
  @OperationId('chooseWinners')
  @KeyScope('write_reviews')
  async chooseWinners(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: ChooseWinnersDto) {
    return { statusCode: 201, message: 'Winners chosen', data: await this.winnersService.choose(caller, id, body) };
  }

  @Get('scholarships/:id/applicants-data/export')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: every submitted application as a CSV file (RFC 4180, UTF-8), streamed as an attachment. Cells a spreadsheet would run as formulas are neutralised, and blind review hides the personal columns.', summary: 'The applications as CSV (RFC 4180, formula cells neutralised, blind review honoured), streamed' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string', example: APPLICANTS_CSV_EXAMPLE }, description: 'CSV' })
  @OperationId('exportApplicants')
  @KeyScope('read_applications')
  async export(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Res() reply: FastifyReply) {
    const { filename, stream } = await this.exporter.open(caller, id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  }

  @Get('scholarships/:id/activity')
  @ApiOperation({ description: 'For the scholarship\'s provider and reviewers: how many applications were submitted on each UTC day over the last `days` days (30 by default), for the activity chart.', summary: 'Submitted applications per UTC day (owner, reviewers)' })
  @ApiOkResponse({ type: ActivityResponseDto })
  @OperationId('getApplicationActivity')
  @KeyScope('read_applications')
  async activity(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Query() query: ActivityQueryDto) {
    return ok(await this.review.activity(caller, id, query.days ?? 30));
  }

  @Post('scholarships/:id/messages')
  @Idempotent()
  @ApiOperation({ description: 'The scholarship\'s owner writes to the listed applicants (`applicantIds`, the applications\' ids) with the served provider-message form\'s answers; each gets it in their inbox (reviewers: 403 OWNER_ONLY). Invalid answers are 400 INVALID_ANSWERS.', summary: 'Write to applicants through their inbox (owner; the served provider-message form)' })
  @ApiCreatedResponse({ type: SentResponseDto })
  @OperationId('messageApplicants')
  @KeyScope('write_messages')
  async message(@CurrentUser() caller: Caller, @Param('id', scholarshipId) id: string, @Body() body: ProviderMessageDto) {
    return { statusCode: 201, message: 'Message sent', data: await this.review.message(caller, id, body.applicantIds, body.answers) };
  }
}
