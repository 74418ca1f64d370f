import { describe, expect, it } from 'vitest';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppRouter } from '../src/app/router';
import { renderWithChakra } from './render-form';

/** The public top menu of the product spec, in its order, with where each entry must go. */
const MENU = [
  ['Chatbot', '/chatbot'],
  ['Partners', '/partners'],
  ['Pricing', '/pricing'],
  ['About Us', '/about-us'],
  ['Business', '/b2b'],
  ['FAQ', '/faq'],
  ['Contact', '/contact'],
] as const;

/** Login and Sign UP both lead to the chat assistant, with the flow chosen (docs/chat.md, "In the browser"). */
const ACCOUNT = [
  ['Login', '/chatbot?start=login'],
  ['Sign UP', '/chatbot?start=signUp'],
] as const;

async function renderLanding() {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  renderWithChakra(<RouterProvider router={router} />);
  return screen.findByRole('banner');
}

/** [label, href] of every link in `container`, in document order, hidden ones included. */
function linksIn(container: HTMLElement) {
  return within(container)
    .getAllByRole('link', { hidden: true })
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
}

describe('public top bar', () => {
  it('links every menu entry of the spec, the account buttons and the logo', async () => {
    const header = await renderLanding();
    // jsdom matches no media queries, so the wide-screen menu is display:none here, and hidden
    // elements have no accessible name: find it by its label attribute and read links as text.
    const nav = within(header)
      .getAllByRole('navigation', { hidden: true })
      .find((element) => element.getAttribute('aria-label') === 'Main');
    expect(nav).toBeDefined();
    expect(linksIn(nav!)).toEqual(MENU);
    const accountLinks = linksIn(header).filter(([label]) => ACCOUNT.some(([account]) => account === label));
    expect(accountLinks).toEqual(ACCOUNT);
    expect(within(header).getByRole('link', { name: 'ScholarMatch home' }).getAttribute('href')).toBe('/');
  });

  it("leads from the drawer's Login to the chat, whose Manually opens the login modal with the seed's messages and a SIGN UP link", async () => {
    await renderLanding();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Manually' }));
    const modal = await screen.findByRole('dialog', { name: 'Log in to ScholarMatch' });
    await user.click(within(modal).getByRole('button', { name: 'Login' }));
    expect(within(modal).getByText('Please input your username')).toBeTruthy();
    expect(within(modal).getByText('Please input your password')).toBeTruthy();
    expect(within(modal).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(within(modal).getByRole('link', { name: 'SIGN UP' }).getAttribute('href')).toBe('/signup');
  });

  it('opens the menu drawer from the hamburger button, and closes it on Escape or a followed link', async () => {
    await renderLanding();
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(drawer.id);
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(linksIn(nav)).toEqual([...MENU, ...ACCOUNT]);
    // In the open drawer every link is visible, so each is found by its accessible name too.
    for (const [label, href] of [...MENU, ...ACCOUNT]) {
      expect(within(nav).getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    const reopened = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(reopened).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
