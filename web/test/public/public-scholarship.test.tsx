import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicScholarship } from '../../src/api/providers';
import { hasServerText } from '../../src/forms/ServerHtml';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';

const SLUG = 'women-in-stem';

function publicScholarship(description: string): PublicScholarship {
  return {
    id: '0f5c8a4e-2b1d-4c3e-9a7f-1d2e3f4a5b6c',
    slug: SLUG,
    title: 'Women in STEM',
    description,
    totalAmount: 2000,
    amounts: [1000, 1000],
    deadline: '2027-03-31',
    status: 'published',
    open: true,
    provider: { name: 'Hillcrest Foundation', logoUrl: null, website: null },
    requirements: [],
    publishedAt: '2026-11-01T10:00:00.000Z',
  } as PublicScholarship;
}

function serve(description: string) {
  mockApi('GET').mockImplementation(async (path) =>
    path === '/api/v1/scholarships/slug/{slug}'
      ? apiAnswer(200, { statusCode: 200, data: publicScholarship(description) })
      : apiAnswer(404, { description: `not mocked: ${path}` }),
  );
}

describe("a scholarship's description", () => {
  isolateAppTests();

  it.each([
    ['', false],
    ['   ', false],
    ['<p></p>', false],
    ['<p>&nbsp;</p><br><p> </p>', false],
    ['<script>alert(1)</script>', false],
    ['<p><strong>Lead</strong> text</p>', true],
    ['plain words', true],
  ])('%j shows text: %s', (html, shows) => {
    expect(hasServerText(html)).toBe(shows);
  });

  it('is shown on the public page when it has text', async () => {
    serve('<p>For students of <strong>science</strong>.</p>');
    renderAppAt(`/scholarships/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Women in STEM' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Description' }).textContent).toContain('For students of science.');
  });

  it('leaves the empty card out of the public page when it has none', async () => {
    serve('<p>&nbsp;</p>');
    renderAppAt(`/scholarships/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Women in STEM' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What to send' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Description' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'About this scholarship' })).toBeNull();
  });
});
