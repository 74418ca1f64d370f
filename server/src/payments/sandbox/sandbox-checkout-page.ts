import { freeTrialUsedText } from '@scholarmatch/schemas';
import type { CheckoutRequest } from '../payment-gateway.js';
import { TEST_CARDS } from './sandbox-provider.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const groupCard = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; background: #f4f5f9; color: #1a1d29; }
  .banner { background: #fff4d6; color: #6b4b00; text-align: center; padding: 8px; font-size: 14px; }
  main { max-width: 920px; margin: 32px auto; display: grid; grid-template-columns: 1fr 1fr; gap: 32px; padding: 0 16px; }
  @media (max-width: 760px) { main { grid-template-columns: 1fr; } }
  section { background: #fff; border-radius: 16px; padding: 28px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
  .price { font-size: 32px; font-weight: 700; margin: 12px 0 4px; }
  .muted { color: #5b6275; font-size: 14px; line-height: 1.5; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 14px 0 6px; }
  input { width: 100%; padding: 11px 12px; border: 1px solid #c9cedb; border-radius: 8px; font-size: 16px; }
  input:focus { outline: 2px solid #3b5bdb; border-color: #3b5bdb; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { margin-top: 22px; width: 100%; padding: 13px; border: 0; border-radius: 8px; background: #3b5bdb; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
  .notice { background: #eef2ff; color: #27357e; border-radius: 8px; padding: 10px 12px; margin: 12px 0 0; font-size: 14px; }
  .error { background: #fdecec; color: #a61b1b; border-radius: 8px; padding: 10px 12px; margin-top: 12px; font-size: 14px; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; margin-top: 8px; }
  td { padding: 6px 4px; border-top: 1px solid #eceef3; vertical-align: top; } td:first-child { font-family: ui-monospace, monospace; white-space: nowrap; }
  a { color: #3b5bdb; }
`;

const every = (months: number) => (months === 1 ? 'month' : `${months} months`);

/** The OpenAPI example of the page: its head and first lines, shortened. */
export const CHECKOUT_PAGE_EXAMPLE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Checkout · ScholarMatch sandbox</title>…</head>\n<body>\n' +
  '<div class="banner" role="note">Sandbox checkout: no real card is charged. Use a test card listed on this page.</div>\n<main>…</main></body></html>';

/**
 * What the plan costs when: the free days first, or (for a person who has had their trial) the
 * first period billed today, with the day that trial was used (docs/payments.md, "One free trial").
 */
function offer(request: CheckoutRequest): string {
  const price = money(request.amountCents);
  if (request.trialDays > 0) {
    return `<p class="price">${request.trialDays} days free</p>
    <p class="muted">Then ${price} every ${every(request.intervalMonths)}, plus taxes. Cancel any time before the trial ends and you pay nothing.</p>`;
  }
  const used = request.trialUsedAt ? `<p class="notice" role="note">${escapeHtml(freeTrialUsedText(request.trialUsedAt, 'UTC'))}.</p>` : '';
  return `${used}<p class="price">${price} today</p>
    <p class="muted">Billed at once, then every ${every(request.intervalMonths)}, plus taxes. Cancel any time; the plan then ends with the period paid.</p>`;
}

/**
 * The sandbox's hosted checkout page: the plan, a card form and the test cards. Plain HTML with a
 * form post (no script), so it runs under the app's content security policy as it is.
 */
export function renderCheckoutPage(sessionId: string, request: CheckoutRequest, error?: string, values: Partial<Record<string, string>> = {}): string {
  const value = (name: string) => escapeHtml(values[name] ?? '');
  const cards = Object.entries(TEST_CARDS)
    .map(([number, card]) => `<tr><td>${groupCard(number)}</td><td>${escapeHtml(card.label)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · ScholarMatch sandbox</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body>
<div class="banner" role="note">Sandbox checkout: no real card is charged. Use a test card listed on this page.</div>
<main>
  <section aria-labelledby="plan">
    <p class="muted">ScholarMatch membership</p>
    <h1 id="plan">${escapeHtml(request.planTitle)}</h1>
    ${offer(request)}
    <p class="muted">Billed to ${escapeHtml(request.customerEmail)}</p>
    <h2>Test cards</h2>
    <p class="muted">Any future expiry date, any 3-digit security code, any postal code.</p>
    <table aria-label="Test cards"><tbody>${cards}</tbody></table>
  </section>
  <section aria-labelledby="pay">
    <h1 id="pay">Pay with card</h1>
    ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
    <form method="post" action="/api/v1/sandbox-checkout/${encodeURIComponent(sessionId)}/pay">
      <label for="number">Card number</label>
      <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${value('number')}" required>
      <div class="row">
        <div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 30" value="${value('expiry')}" required></div>
        <div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${value('cvc')}" required></div>
      </div>
      <label for="postalCode">Postal code</label>
      <input id="postalCode" name="postalCode" autocomplete="postal-code" value="${escapeHtml(values.postalCode ?? request.postalCode ?? '')}" required>
      <button type="submit">${request.trialDays > 0 ? `Start ${request.trialDays}-day free trial` : `Pay ${money(request.amountCents)}`}</button>
    </form>
    <p class="muted" style="margin-top:16px"><a href="${escapeHtml(request.cancelUrl)}">Cancel and go back</a></p>
  </section>
</main>
</body></html>`;
}

export function renderCheckoutClosed(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout · ScholarMatch sandbox</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><main><section><h1>${escapeHtml(message)}</h1><p class="muted"><a href="/auth/dashboard">Go to your dashboard</a></p></section></main></body></html>`;
}
