/**
 * A field type's behaviour lives in its per-type table entries (docs/architecture.md, "Rules the
 * build checks"; docs/adding-a-field-type.md): the compiler's FIELD_COMPILERS, the answer
 * policies' ANSWER_POLICIES, the web's widget registry. Code elsewhere that compares a field's
 * `dataType` with a literal type is a second home for that behaviour, which a new type would have
 * to hunt for. Run by `npm run lint:deps`.
 */
import { matchingLines, sourceFiles } from './source-files.js';

/** `dataType === 'grade'`, `dataType !== "file"`, `case 'grade':` in a switch on a dataType. */
const BRANCHES_ON_TYPE = /\bdataType\s*[!=]==?\s*['"]\w+['"]|\bswitch\s*\([\w.]*dataType\)/;

/** The per-type tables themselves, and tests. */
const TABLES = [/^schemas\/src\/compiler\/field-compilers\.ts$/, /^schemas\/src\/answers\/answer-policy\.ts$/, /\.(spec|test)\.tsx?$/];

/**
 * Places that look a field up by the role its type gives it in one form, not behaviour of the
 * type: each names its file and the role.
 */
const ROLE_LOOKUPS: Record<string, string> = {
  'server/src/studio/provider-accounts.service.ts': "the organisation's logo is its form's first file answer",
  'server/src/studio/public-scholarships.service.ts': "the organisation's website is its form's link answer",
  'server/src/chat/signup-chat.service.ts': "the sign-up chat's account e-mail is the account's email field",
  'schemas/src/chat/chat-questions.ts': 'a checkbox is worded as a statement to agree to, not a question',
  'server/src/applications/tracker.repository.ts': 'an essay requirement is one whose field is the rich-text editor',
};

const checked = sourceFiles('schemas/src', 'server/src', 'web/src', 'testkit/src').filter(
  (path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !TABLES.some((pattern) => pattern.test(path)) && !(path in ROLE_LOOKUPS),
);
const hits = matchingLines(checked, BRANCHES_ON_TYPE);
if (hits.length) {
  console.error(`A branch on a field's type outside the per-type tables (docs/adding-a-field-type.md):\n${hits.join('\n')}`);
  process.exit(1);
}
console.log("check-type-branching: a field type's behaviour lives in its table entries");
