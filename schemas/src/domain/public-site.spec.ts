import { fillSiteFigures, UNKNOWN_FIGURE } from './public-site.js';

describe('fillSiteFigures', () => {
  it('writes the count and the combined value where the page names them', () => {
    const html = '<p>{{scholarshipsListed}} scholarships worth {{listedValue}} are open today.</p>';
    expect(fillSiteFigures(html, { counts: 12345, totalValue: 9876543 })).toBe('<p>12,345 scholarships worth $9,876,543 are open today.</p>');
  });

  it('shows a neutral mark, never a number, while the figures are unknown', () => {
    expect(fillSiteFigures('{{scholarshipsListed}} / {{listedValue}}', undefined)).toBe(`${UNKNOWN_FIGURE} / ${UNKNOWN_FIGURE}`);
  });

  it('leaves unknown tokens as written, so a typo shows up in review instead of vanishing', () => {
    expect(fillSiteFigures('{{listedVaule}}', { counts: 1, totalValue: 1 })).toBe('{{listedVaule}}');
  });
});
