/**
 * @scholarmatch/schemas: the form vocabulary shared by server and browser. Pure TypeScript, no
 * framework. HTML helpers live in the separate entry `@scholarmatch/schemas/html`.
 */
export * from './vocabulary.js';
export * from './messages.js';
export * from './domain/grade.js';
export * from './domain/people.js';
export * from './domain/password.js';
export * from './domain/uploads.js';
export * from './domain/dates.js';
export * from './domain/statuses.js';
export * from './domain/membership.js';
export * from './domain/inbox.js';
export * from './domain/support.js';
export * from './domain/public-site.js';
export * from './compiler/json-schema.js';
export * from './compiler/field-compilers.js';
export * from './compiler/compile-form.js';
export * from './compiler/hash.js';
export * from './compiler/prune.js';
export * from './answers/answer-policy.js';
export * from './answers/answers.js';
export * from './validation/keywords.js';
export * from './validation/validate.js';
export * from './validation/field-definition.js';
export * from './eligibility/criteria.js';
export * from './eligibility/requirements.js';
export * from './eligibility/requirement-form.js';
export * from './eligibility/criterion-values.js';
export * from './eligibility/requirement-editor.js';
export * from './eligibility/rule-words.js';
export * from './review/scoring.js';
export * from './review/eligibility-words.js';
export * from './chat/chat-questions.js';
