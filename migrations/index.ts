/**
 * Every migration, oldest first. Listed explicitly (not globbed) so the same list runs from the
 * compiled server, the migrate command and the TypeScript test runner.
 */
import { CreateFormDefinitions1795304637283 } from './1795304637283-CreateFormDefinitions.js';
import { CreateAccounts1795311237664 } from './1795311237664-CreateAccounts.js';
import { IndexProfileAnswers1795313162394 } from './1795313162394-IndexProfileAnswers.js';
import { SearchLongCatalogues1795314416284 } from './1795314416284-SearchLongCatalogues.js';
import { ManageYourDataHeading1795315200000 } from './1795315200000-ManageYourDataHeading.js';
import { CreateScholarships1795316544750 } from './1795316544750-CreateScholarships.js';
import { EligibilityFunctions1795317149409 } from './1795317149409-EligibilityFunctions.js';
import { EligibilityOutcome1795317785094 } from './1795317785094-EligibilityOutcome.js';
import { CreateWishlist1795317949370 } from './1795317949370-CreateWishlist.js';
import { MatchIndex1795320474549 } from './1795320474549-MatchIndex.js';
import { CreateApplications1795320522072 } from './1795320522072-CreateApplications.js';
import { DropEligibilityOutcome1795324416303 } from './1795324416303-DropEligibilityOutcome.js';
import { CreateApplicationForms1795326447659 } from './1795326447659-CreateApplicationForms.js';
import { CreateUploadedFiles1795326655733 } from './1795326655733-CreateUploadedFiles.js';
import { CreateAssistanceQuestions1795326681666 } from './1795326681666-CreateAssistanceQuestions.js';
import { SystemFields1795548034761 } from './1795548034761-SystemFields.js';
import { OneMeaningOfAnswered1795548034762 } from './1795548034762-OneMeaningOfAnswered.js';
import { CreateMemberships1795600000000 } from './1795600000000-CreateMemberships.js';
import { CreateProviderStudio1795700000000 } from './1795700000000-CreateProviderStudio.js';
import { AnswerVectors1795710000000 } from './1795710000000-AnswerVectors.js';
import { IncrementalMatches1795710000001 } from './1795710000001-IncrementalMatches.js';
import { CreateInbox1795715000000 } from './1795715000000-CreateInbox.js';
import { CreateReview1795720000000 } from './1795720000000-CreateReview.js';
import { ReviewListIndexes1795720000001 } from './1795720000001-ReviewListIndexes.js';
import { ApplicantColumnsForReview1795720000002 } from './1795720000002-ApplicantColumnsForReview.js';
import { CreateChat1795730000000 } from './1795730000000-CreateChat.js';
import { CreateSocialSignIn1795730000001 } from './1795730000001-CreateSocialSignIn.js';
import { CreateSupport1795740000000 } from './1795740000000-CreateSupport.js';
import { CreateRateLimitCounters1795750000000 } from './1795750000000-CreateRateLimitCounters.js';
import { CreateAutomation1795760000000 } from './1795760000000-CreateAutomation.js';
import { CreateReminders1795760000002 } from './1795760000002-CreateReminders.js';
import { ChatTurnClaims1795765000000 } from './1795765000000-ChatTurnClaims.js';
import { CreateFreeTrials1795772700000 } from './1795772700000-CreateFreeTrials.js';
import { CreateApplicationStatusEvents1795781000000 } from './1795781000000-CreateApplicationStatusEvents.js';
import { QueueStatusMessages1795791290000 } from './1795791290000-QueueStatusMessages.js';
import { SupportReceivedMessages1795792100000 } from './1795792100000-SupportReceivedMessages.js';
import { CreateConversations1795800000000 } from './1795800000000-CreateConversations.js';
import { DatabaseDefinitions1795810000000 } from './1795810000000-DatabaseDefinitions.js';
import { AuditLog1795820000000 } from './1795820000000-AuditLog.js';
import { SupportRoleAndSessionVersion1795821000000 } from './1795821000000-SupportRoleAndSessionVersion.js';
import { SupportQueue1795822000000 } from './1795822000000-SupportQueue.js';
import { ComplimentaryMemberships1795823500000 } from './1795823500000-ComplimentaryMemberships.js';
import { PrivacyErasure1795824700000 } from './1795824700000-PrivacyErasure.js';
import { SupportQueueWaitingOrder1795826400000 } from './1795826400000-SupportQueueWaitingOrder.js';
import { SupportThreads1795827000000 } from './1795827000000-SupportThreads.js';
import { FormDesigner1795830000000 } from './1795830000000-FormDesigner.js';
import { IdempotencyKeys1795840000000 } from './1795840000000-IdempotencyKeys.js';
import { ApiKeys1795850000000 } from './1795850000000-ApiKeys.js';
import { OutboundWebhooks1795900000000 } from './1795900000000-OutboundWebhooks.js';
import { EmbedReferrals1795910000000 } from './1795910000000-EmbedReferrals.js';
import { IncrementalMatches1795920000000 } from './1795920000000-IncrementalMatches.js';
import { StaffTotp1795823000000 } from './1795823000000-StaffTotp.js';

export const MIGRATIONS = [
  CreateFormDefinitions1795304637283,
  CreateAccounts1795311237664,
  IndexProfileAnswers1795313162394,
  SearchLongCatalogues1795314416284,
  ManageYourDataHeading1795315200000,
  CreateScholarships1795316544750,
  EligibilityFunctions1795317149409,
  EligibilityOutcome1795317785094,
  CreateWishlist1795317949370,
  MatchIndex1795320474549,
  CreateApplications1795320522072,
  DropEligibilityOutcome1795324416303,
  CreateApplicationForms1795326447659,
  CreateUploadedFiles1795326655733,
  CreateAssistanceQuestions1795326681666,
  SystemFields1795548034761,
  OneMeaningOfAnswered1795548034762,
  CreateMemberships1795600000000,
  CreateProviderStudio1795700000000,
  AnswerVectors1795710000000,
  IncrementalMatches1795710000001,
  CreateInbox1795715000000,
  CreateReview1795720000000,
  ReviewListIndexes1795720000001,
  ApplicantColumnsForReview1795720000002,
  CreateChat1795730000000,
  CreateSocialSignIn1795730000001,
  CreateSupport1795740000000,
  CreateRateLimitCounters1795750000000,
  CreateAutomation1795760000000,
  CreateReminders1795760000002,
  ChatTurnClaims1795765000000,
  CreateFreeTrials1795772700000,
  CreateApplicationStatusEvents1795781000000,
  QueueStatusMessages1795791290000,
  SupportReceivedMessages1795792100000,
  CreateConversations1795800000000,
  DatabaseDefinitions1795810000000,
  AuditLog1795820000000,
  SupportRoleAndSessionVersion1795821000000,
  SupportQueue1795822000000,
  StaffTotp1795823000000,
  ComplimentaryMemberships1795823500000,
  PrivacyErasure1795824700000,
  SupportQueueWaitingOrder1795826400000,
  SupportThreads1795827000000,
  FormDesigner1795830000000,
  IdempotencyKeys1795840000000,
  ApiKeys1795850000000,
  OutboundWebhooks1795900000000,
  EmbedReferrals1795910000000,
  IncrementalMatches1795920000000,
];
