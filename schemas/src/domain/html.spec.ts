import { descriptionPreview, htmlToText, sanitizeRichText } from './html.js';
import { XSS_LEFTOVERS, XSS_PAYLOADS } from '../test/xss-corpus.js';

describe('description preview', () => {
  it('shows sanitised text, not markup or scripts', () => {
    const html = '<p>Award for <b>nurses</b>.</p><script>alert(1)</script><p>Apply&nbsp;now &amp; win</p>';
    expect(htmlToText(html)).toBe('Award for nurses. Apply now & win');
    expect(htmlToText('<p>Write &amp;lt;b&amp;gt; to get bold</p>')).toBe('Write &lt;b&gt; to get bold');
  });

  it('cuts at 150 characters with an ellipsis, and keeps short text whole', () => {
    const long = `<p>${'word '.repeat(60)}</p>`;
    const preview = descriptionPreview(long);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(151);
    expect(descriptionPreview('<p>Short one</p>')).toBe('Short one');
  });
});

describe('sanitizeRichText', () => {
  it('keeps formatting and drops handlers, scripts and javascript links', () => {
    const dirty = '<p onclick="x()">Hi <strong>there</strong><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><a href="https://example.org">ok</a></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/onclick|onerror|<img|javascript:/);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain('href="https://example.org"');
  });
});

describe('the XSS corpus', () => {
  it.each(XSS_PAYLOADS.map((payload, i) => [i + 1, payload]))('leaves nothing executable of payload %i: %s', (_n, payload) => {
    const clean = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
    expect(clean).not.toMatch(XSS_LEFTOVERS);
    expect(clean).toContain('<p>before</p>');
    // The preview is text (shown as text): no tag survives, whatever characters do.
    expect(descriptionPreview(payload)).not.toMatch(/<[a-z!/]/i);
  });
});
