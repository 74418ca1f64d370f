/**
 * Who offers a scholarship, as applicants see it, in SQL: read by the lists, details, tracker,
 * notices, reminders and review alike, so it has a home of its own (docs/providers.md).
 */

/** The organisation form's field that names the organisation (a system field; docs/providers.md). */
export const ORGANISATION_NAME_FIELD = 'organisationName';

/**
 * The provider's organisation, or, for an account without one, the provider's first name.
 * `provider` is the SQL alias of the provider's users row.
 */
export function sponsorSql(provider: string): string {
  return `coalesce((SELECT nullif(o.answers->>'${ORGANISATION_NAME_FIELD}', '') FROM organisations o WHERE o.user_id = ${provider}.id), ${provider}.first_name)`;
}
