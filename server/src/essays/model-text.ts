/**
 * Turns what a chat model answered into HTML. Models answer in HTML when asked, but often in
 * markdown anyway; both end up as HTML here. The result is still untrusted: the caller sanitises it.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A block-level tag means the model wrote HTML; inline tags alone may sit inside markdown. */
const HTML_BLOCK = /<(p|h[1-6]|ul|ol|li|div|blockquote|table|section|article)\b[^>]*>/i;

export function modelTextToHtml(answer: string): string {
  const text = unwrapFence(stripReasoning(answer)).trim();
  return HTML_BLOCK.test(text) ? text : markdownToHtml(text);
}

/** Reasoning models (e.g. DeepSeek R1 through Ollama) put their thinking in the content. */
function stripReasoning(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '');
}

/** "```html\n…\n```" around the whole answer. */
function unwrapFence(text: string): string {
  const fenced = /^\s*```[\w-]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return fenced ? fenced[1] : text;
}

type Block = { tag: 'p' | 'ul' | 'ol'; lines: string[] } | { tag: 'h2' | 'h3' | 'h4'; lines: [string] };

/** '#' and '##' are the essay's top headings (h2): the rich-text allow-list starts at h2. */
const HEADING_TAGS = ['h2', 'h2', 'h3', 'h4', 'h4', 'h4'] as const;

/** Paragraphs, headings and lists of simple markdown, each line's text escaped. */
export function markdownToHtml(markdown: string): string {
  const blocks: Block[] = [];
  let open: Block | undefined;
  const add = (tag: 'p' | 'ul' | 'ol', line: string) => {
    if (open?.tag !== tag) blocks.push((open = { tag, lines: [] }));
    open.lines.push(line);
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (heading) blocks.push({ tag: HEADING_TAGS[heading[1].length - 1], lines: [heading[2]] });
    if (!line || heading || /^([-*_])\1{2,}$/.test(line)) open = undefined;
    else if (bullet) add('ul', bullet[1]);
    else if (numbered) add('ol', numbered[1]);
    else add('p', line);
  }
  return blocks.map(renderBlock).join('');
}

function renderBlock(block: Block): string {
  if (block.tag === 'ul' || block.tag === 'ol') return `<${block.tag}>${block.lines.map((l) => `<li>${inline(l)}</li>`).join('')}</${block.tag}>`;
  return `<${block.tag}>${inline(block.lines.join(' '))}</${block.tag}>`;
}

/** Bold, italics, code and links; the text is escaped first, so only these become tags. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '<strong>$2</strong>')
    .replace(/(^|[^*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>');
}
