import { ScholarshipChooser } from './ScholarshipChooser';

/**
 * /app/applicants (and the original /app/applicants_review without a scholarship): per scholarship,
 * how many applications were sent (Received) and how many are being written (Draft), each leading
 * to the scholarship's applicants (docs/review.md).
 */
export function ApplicantsPage() {
  return (
    <ScholarshipChooser
      title="Applicants"
      lead="Choose a scholarship to read, score and message its applicants."
      listLabel="Applications per scholarship"
      empty="No scholarships yet, so no applicants either."
      action="Review applicants"
      destination={(id) => ({ to: '/app/scholarships/$id/applicants', params: { id } })}
    />
  );
}

/** /app/rank-criteria without a scholarship (the owner's): which scholarship's rubric to edit. */
export function RubricChooserPage() {
  return (
    <ScholarshipChooser
      title="Rubric"
      lead="Choose a scholarship to set what reviewers score its applications on."
      listLabel="Rubric per scholarship"
      empty="No scholarships yet: create one, then give it a rubric."
      action="Edit the rubric"
      destination={(id) => ({ to: '/app/scholarships/$id', params: { id }, search: { tab: 'review' } })}
    />
  );
}

/** /app/winner without a scholarship: whose winners to see or choose. */
export function WinnersChooserPage() {
  return (
    <ScholarshipChooser
      title="Winners"
      lead="Choose a scholarship to see its winners, or to choose or draw them."
      listLabel="Winners per scholarship"
      empty="No scholarships yet, so no winners either."
      action="See the winners"
      destination={(id) => ({ to: '/app/scholarships/$id/applicants', params: { id }, search: { status: 'Winner' } })}
    />
  );
}
