import { sanitizeRichText } from '@scholarmatch/schemas/html';
import { escapeHtml, markdownToHtml, modelTextToHtml } from './model-text.js';

describe('modelTextToHtml', () => {
  it('keeps an HTML answer as it is (the caller sanitises it)', () => {
    expect(modelTextToHtml('<h2>Intro</h2><p>Hello</p>')).toBe('<h2>Intro</h2><p>Hello</p>');
  });

  it('unwraps a code fence around the whole answer and drops reasoning blocks', () => {
    expect(modelTextToHtml('```html\n<p>Hi</p>\n```')).toBe('<p>Hi</p>');
    expect(modelTextToHtml('<think>The user wants…</think>\n## Goals\nBe kind.')).toBe('<h2>Goals</h2><p>Be kind.</p>');
  });

  it('turns markdown headings, paragraphs and lists into HTML', () => {
    const markdown = ['# My essay', '', 'First line', 'same paragraph.', '', '### Points', '- one', '* **two**', '', '1. first', '2) second', '---', 'End with *feeling*.'].join('\n');
    expect(markdownToHtml(markdown)).toBe(
      '<h2>My essay</h2><p>First line same paragraph.</p><h3>Points</h3><ul><li>one</li><li><strong>two</strong></li></ul>' +
        '<ol><li>first</li><li>second</li></ol><p>End with <em>feeling</em>.</p>',
    );
  });

  it('escapes text in markdown so that only its own formatting becomes tags', () => {
    const html = markdownToHtml('Use <img src=x onerror=alert(1)> and [a link](https://example.org/?a=1&b=2), not [this](javascript:alert(1)).');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).toContain('<a href="https://example.org/?a=1&amp;b=2">a link</a>');
    expect(html).not.toContain('href="javascript');
  });

  it('gives text the sanitiser keeps (headings, lists and emphasis are on its allow-list)', () => {
    const html = markdownToHtml('## A\n\n- **b** and `c`\n\n1. d');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
