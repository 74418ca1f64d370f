import { Module } from '@nestjs/common';
import { ApplicantMatches } from './applicant-matches.js';
import { EligibilityCounts } from './eligibility-counts.js';
import { MatchChangeListener, MatchChangesJob } from './match-changes.js';
import { MatchesRepository } from './matches.repository.js';
import { StaleMatchesSweep } from './stale-matches-sweep.js';

/**
 * Matching (docs/matching.md): the criteria's verdicts in SQL, each applicant's stored matches
 * (ApplicantMatches), their incremental update when the catalogue changes (the change job and its
 * listener), the stale-matches sweep, and the counts over all applicants or all scholarships
 * (EligibilityCounts). Other modules use the two exported services, and the statements of
 * matching-sql.ts where their write must share the matcher's statement.
 */
@Module({
  providers: [MatchesRepository, ApplicantMatches, EligibilityCounts, StaleMatchesSweep, MatchChangesJob, MatchChangeListener],
  exports: [ApplicantMatches, EligibilityCounts],
})
export class MatchingModule {}
