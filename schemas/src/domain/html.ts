import sanitizeHtml from 'sanitize-html';
import { ANSWER_POLICIES } from '../answers/answer-policy.js';
import type { FieldDefinition } from '../vocabulary.js';

/**
 * HTML helpers for text written by users and providers. Kept out of the package's main entry
 * (`@scholarmatch/schemas/html`) so the browser bundle does not carry an HTML parser.
 */

export const PREVIEW_LENGTH = 150;

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/** Rich text as it may be stored and shown: formatting kept, scripts, handlers and styles gone. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

/** The plain text of some HTML, whitespace collapsed, entities decoded. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    // Last, so '&amp;lt;' becomes the text '&lt;', not '<'.
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A list preview of a description: sanitised text cut at 150 characters, with an ellipsis when cut. */
export function descriptionPreview(html: string, length: number = PREVIEW_LENGTH): string {
  const text = htmlToText(html);
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}

/**
 * A form's answers with every person's HTML sanitised where the field type keeps it (an `editor`
 * answer, an essay's text; answers/answer-policy.ts), before anything is stored.
 */
export function sanitizeAnswers(fields: readonly Pick<FieldDefinition, 'key' | 'dataType'>[], answers: Record<string, unknown>): Record<string, unknown> {
  const result = { ...answers };
  for (const field of fields) {
    const slot = ANSWER_POLICIES[field.dataType].richText;
    const html = slot && field.key in result ? slot.read(result[field.key]) : undefined;
    if (slot && html !== undefined) result[field.key] = slot.write(result[field.key], sanitizeRichText(html));
  }
  return result;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text placed inside HTML the product writes (a message naming a scholarship): shown as typed, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * Plain text as HTML: every character escaped, blank lines make paragraphs, single line ends
 * breaks. What people type into a plain box (a reply, a support request) reads as they wrote it.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
