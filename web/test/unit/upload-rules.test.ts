import { describe, expect, it } from 'vitest';
import { countWordsInHtml } from '../../src/forms/fields/essay/essay-words';
import { refusalOf, uploadRulesOf } from '../../src/forms/widgets/use-file-upload';

const TWO_MB = 2 * 1024 * 1024;

function file(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name);
}

describe('upload rules', () => {
  it("refuses by purpose in the seed's words", () => {
    const documents = uploadRulesOf({ accept: ['.pdf', '.doc', '.docx'], maxSizeBytes: TWO_MB, purpose: 'document' });
    const images = uploadRulesOf({ accept: ['.jpg', '.jpeg', '.png'], maxSizeBytes: TWO_MB, purpose: 'image' });

    expect(refusalOf(file('cv.DOCX', TWO_MB), documents)).toBeNull();
    expect(refusalOf(file('cv.pdf', TWO_MB + 1), documents)).toBe('Pdf must be smaller than 2MB!');
    expect(refusalOf(file('cv.txt', 10), documents)).toBe('You can only upload PDF file!');
    expect(refusalOf(file('me.png', TWO_MB + 1), images)).toBe('Image must be smaller than 2MB!');
    expect(refusalOf(file('me.gif', 10), images)).toBe('You can only upload JPG/PNG file!');
  });

  it('reads documents, any type and no limit from missing options', () => {
    expect(uploadRulesOf({})).toEqual({ purpose: 'document', accept: [], maxSizeBytes: undefined });
    expect(refusalOf(file('anything.bin', 10 * TWO_MB), uploadRulesOf({}))).toBeNull();
  });
});

describe('essay word count', () => {
  it('counts words across blocks but not across inline marks', () => {
    expect(countWordsInHtml('<h2>Title</h2><p>One <strong>tw</strong>o</p><ul><li><p>three</p></li></ul>')).toBe(4);
    expect(countWordsInHtml('<p></p>')).toBe(0);
    expect(countWordsInHtml('<p>a&nbsp;b</p>')).toBe(2);
  });
});
