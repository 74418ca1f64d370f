/** Words in plain text: runs of characters between white space. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, br';

/**
 * Words in a saved essay's HTML, counted like the editor counts them: blocks are separate
 * (`<p>end</p><p>start</p>` is two words), inline marks are not (`<b>wo</b>rd` is one).
 * DOMParser builds an inert document: nothing in it loads or runs.
 */
export function countWordsInHtml(html: string): number {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const block of body.querySelectorAll(BLOCKS)) block.after(' ');
  return countWords(body.textContent ?? '');
}

export function wordsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;
}
