import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardScholarship } from '../../src/api/scholarships';
import { formatDeadline, previewOf, ScholarshipCard } from '../../src/pages/scholarships/ScholarshipCard';
import { renderWithChakra } from '../render-form';

const SCHOLARSHIP: CardScholarship = {
  id: '7b0f6c1e-1f0e-4b1a-9a56-2d8c1f3e4a10',
  title: 'First-Generation STEM Scholarship',
  description: 'For students who are the first in their family to attend college.',
  totalAmount: 12500,
  recurrenceConfig: { deadline: '2027-03-31', repeat: 'none' },
  user: { firstName: 'Hillcrest Foundation' },
};

function renderCard(overrides: Partial<CardScholarship> = {}, saved = false) {
  const onToggleSaved = vi.fn();
  renderWithChakra(
    <ScholarshipCard
      scholarship={{ ...SCHOLARSHIP, ...overrides }}
      saved={saved}
      onToggleSaved={onToggleSaved}
      detailsLink={{ href: `/auth/scholarshipDetail?${SCHOLARSHIP.id}` }}
    />,
  );
  return { onToggleSaved };
}

describe('the scholarship card', () => {
  it('shows the title, the amount in US dollars, the preview, the deadline and the sponsor', () => {
    renderCard();
    const article = screen.getByRole('article', { name: 'First-Generation STEM Scholarship' });
    expect(article.textContent).toContain('$12,500');
    expect(article.textContent).toContain('For students who are the first in their family to attend college.');
    expect(article.textContent).toContain('March 31, 2027');
    expect(article.textContent).toContain('Hillcrest Foundation');
    expect(screen.getByRole('link', { name: 'First-Generation STEM Scholarship' }).getAttribute('href')).toBe(
      `/auth/scholarshipDetail?${SCHOLARSHIP.id}`,
    );
    expect(screen.getByRole('link', { name: 'View details' })).toBeTruthy();
  });

  it("reads 'No Name' when the title is missing", () => {
    renderCard({ title: '  ' });
    expect(screen.getByRole('heading', { name: 'No Name' })).toBeTruthy();
  });

  it('keeps the preview to 150 characters', () => {
    const long = 'Scholarship '.repeat(40);
    renderCard({ description: long });
    const preview = previewOf(long);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(151);
    expect(screen.getByText(preview)).toBeTruthy();
    // The API's own preview, already cut with its ellipsis, is shown as it is.
    const served = `${'x'.repeat(150)}…`;
    expect(previewOf(served)).toBe(served);
  });

  it('shows an unsaved heart as not pressed, and a click asks to save', async () => {
    const { onToggleSaved } = renderCard();
    const heart = screen.getByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await userEvent.setup().click(heart);
    expect(onToggleSaved).toHaveBeenCalledTimes(1);
  });

  it('shows a saved heart as pressed, offering to remove it', () => {
    renderCard({}, true);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('formats deadlines readably, and says when there is none', () => {
    expect(formatDeadline('2026-12-01')).toBe('December 1, 2026');
    expect(formatDeadline(undefined)).toBe('No deadline');
    expect(formatDeadline('not a date')).toBe('No deadline');
  });
});
