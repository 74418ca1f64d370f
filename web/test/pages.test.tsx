import { describe, expect, it } from '@jest/globals';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppRouter } from '../src/app/router';
import { renderWithChakra } from './render-form';

function renderAt(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  return renderWithChakra(<RouterProvider router={router} />);
}

describe('public pages', () => {
  it('the landing page says what the product does and carries the disclaimer', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Scholarships matched to you/ })).toBeTruthy();
    // jsdom applies no media queries, so the page renders at its small-screen layout: open the menu.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Chatbot', 'Partners', 'Pricing', 'About Us', 'FAQ', 'Contact', 'Login', 'Sign UP']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('note').textContent).toMatch(/Financial aid is not guaranteed/);
    expect(screen.getByRole('note').textContent).toMatch(/Upgrading your plan does not improve your chances/);
  });

  it('an unknown address shows the not-found page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'We could not find that page' })).toBeTruthy();
  });
});
