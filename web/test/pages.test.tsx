import { describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('note').textContent).toMatch(/Financial aid is not guaranteed/);
    expect(screen.getByRole('note').textContent).toMatch(/does not improve your chances of winning/);
    // jsdom applies no media queries, so the page renders at its small-screen layout: open the menu.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of ['Chatbot', 'Partners', 'Pricing', 'About Us', 'Business', 'FAQ', 'Contact', 'Login', 'Sign UP']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
  });

  it('/home is the landing page too', async () => {
    renderAt('/home');
    expect(await screen.findByRole('heading', { level: 1, name: /Scholarships matched to you/ })).toBeTruthy();
  });

  it.each([
    ['/partners', 'Partner with ScholarMatch'],
    ['/pricing', 'Pricing for scholarship sponsors'],
    ['/about-us', 'Less time on forms, more time on what matters'],
    ['/faq', 'Frequently asked questions'],
    ['/contact', 'Contact us'],
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy Policy'],
    ['/b2b', 'Run your scholarship with ScholarMatch'],
    ['/lennyAssistance', 'Meet Lenny, your scholarship assistant'],
  ])('%s loads inside the public layout', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/Financial aid is not guaranteed/);
  });

  it('the footer carries every link of the spec', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo');
    const hrefs = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent?.trim(), link.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      Contact: '/contact',
      FAQ: '/faq',
      'Brands & Businesses': '/b2b',
      Partner: '/partners',
      'Sign UP': '/signup',
      'Terms of use': '/terms',
      'Privacy Policy': '/privacy',
    });
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeTruthy();
  });

  it('the FAQ opens one answer at a time', async () => {
    renderAt('/faq');
    const user = userEvent.setup();
    const trial = await screen.findByRole('button', { name: 'How does the 7-day free trial work?' });
    const cancel = screen.getByRole('button', { name: 'How do I cancel my membership?' });
    await user.click(trial);
    expect(trial.getAttribute('aria-expanded')).toBe('true');
    await user.click(cancel);
    expect(cancel.getAttribute('aria-expanded')).toBe('true');
    expect(trial.getAttribute('aria-expanded')).toBe('false');
  });

  it('an unknown address shows the not-found page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'We could not find that page' })).toBeTruthy();
  });
});
