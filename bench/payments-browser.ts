/**
 * Part `payments` of `npm run bench`, in Chromium: from the sandbox checkout's Pay button to an
 * unlocked scholarship detail (docs/performance.md, "Payments": ≤ 2 s). Each run is a non-member applicant of the bench
 * data who opens a checkout and pays with the test card that succeeds; the moment the browser is
 * sent to the success page, the page asks for a members-only detail (the detail page's own call)
 * until the server answers it (a 403 means the membership has not arrived yet: ask again). The
 * time runs from the click on Pay to that 200. Not part of it: the success page's 2-second pause
 * before its check (the product's wording), and the detail page's own rendering (a cold page load
 * in a new browser context, docs/performance.md).
 *
 * What the runs create (subscriptions, checkouts, the sandbox's rows) is removed afterwards.
 */
import { launchBrowser } from '../e2e/harness.js';
import type { BenchServer } from './bench-server.js';
import { signIn, type Session, type LoadFigures } from './browser.js';
import { json } from './measure.js';
import { BENCH_PASSWORD } from './scale-data.js';

const RUNS = 5;

async function nonMembers(bench: BenchServer): Promise<{ id: string; email: string }[]> {
  const { rows } = await bench.sql.query(
    `SELECT id, email FROM users WHERE role = 'applicant' AND email LIKE 'applicant%' AND NOT (id = ANY($1)) ORDER BY id DESC LIMIT $2`,
    [bench.applicants.map((a) => a.id), RUNS],
  );
  await bench.sql.query(`UPDATE users SET is_active_subscription = false WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
  return rows;
}

async function cleanUp(bench: BenchServer, ids: string[]): Promise<void> {
  const { rows } = await bench.sql.query(`DELETE FROM subscriptions WHERE user_id = ANY($1) RETURNING gateway_subscription_id AS id`, [ids]);
  await bench.sql.query(`DELETE FROM sandbox_subscriptions WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
  await bench.sql.query(`DELETE FROM checkout_sessions WHERE user_id = ANY($1)`, [ids]);
  await bench.sql.query(`DELETE FROM conversions WHERE user_id = ANY($1)`, [ids]);
  // One free trial per person (docs/payments.md): the next run's checkout for them starts a trial again.
  await bench.sql.query(`DELETE FROM free_trials WHERE user_id = ANY($1)`, [ids]);
  await bench.sql.query(`UPDATE users SET is_active_subscription = false WHERE id = ANY($1)`, [ids]);
}

export async function measureCheckoutToDetail(bench: BenchServer): Promise<LoadFigures> {
  const people = await nonMembers(bench);
  const { data: plans } = await json(`${bench.baseUrl}/api/v1/subscription-plans`);
  const scholarshipId = bench.applicationScholarshipIds[0];
  const { browser, close } = await launchBrowser();
  const times: number[] = [];
  try {
    for (const person of people) {
      const { data: session } = (await json(`${bench.baseUrl}/api/v1/users/auth/login`, {
        method: 'POST',
        body: { userName: person.email, password: BENCH_PASSWORD, loginType: 'register_user' },
      })) as { data: Session & { accessToken: string } };
      const { data: checkout } = await json(`${bench.baseUrl}/api/v1/user-payments/checkout`, { method: 'POST', body: { planId: plans[1].id }, token: session.accessToken });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signIn(context, session);
      const page = await context.newPage();
      await page.goto(`${bench.baseUrl}${checkout.checkoutUrl}`);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await page.getByLabel('Security code').fill('123');
      await page.getByLabel('Postal code').fill('10001');
      const started = Date.now();
      await page.getByRole('button', { name: /free trial/ }).click();
      // As soon as the browser is sent to the success page, the page asks for the detail, as its
      // Start Applying would (the call the detail page makes, with the person's token).
      await page.waitForURL('**/auth/dashboard/success', { waitUntil: 'commit' });
      for (;;) {
        const status = await page.evaluate(
          async ({ url, token }) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status,
          { url: `${bench.baseUrl}/api/v1/scholarships/${scholarshipId}`, token: session.accessToken },
        );
        if (status === 200) break;
        if (Date.now() - started > 30_000) throw new Error(`the detail stayed locked (${status}) for 30 s after paying`);
        await page.waitForTimeout(50);
      }
      times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await close();
    await cleanUp(bench, people.map((p) => p.id));
  }
  times.sort((a, b) => a - b);
  return { name: 'paid in the sandbox checkout -> members-only detail answered (ms)', runs: times.length, median_ms: times[Math.floor(times.length / 2)], max_ms: times[times.length - 1] };
}
