/**
 * Compile-time checks of the named calls' types (`npm run typecheck` reads this file; nothing runs it):
 * required path parameters and bodies are required, unknown ones refused, answers typed.
 */
import { createClient, type CallResult } from '../src/index.js';

export async function namedCallTypes(): Promise<void> {
  const sdk = createClient({ baseUrl: 'http://localhost:3000', apiKey: 'smk_live_example' });
  // @ts-expect-error the scholarship's id is required
  await sdk.listApplicants();
  // @ts-expect-error a query parameter's value is checked against its enum
  await sdk.listApplicants({ id: 'x', sort: 'sideways' });
  // @ts-expect-error a create needs its body
  await sdk.createScholarship();
  // @ts-expect-error an unknown parameter
  await sdk.listApplicants({ id: 'x', colour: 'blue' });
  const page: CallResult<'listApplicants'> = await sdk.listApplicants({ id: 'x', status: 'Received', limit: 5 });
  const total: number = page.data.total;
  const scholarships = await sdk.listProviderScholarships();
  const title: string = scholarships.data[0].title;
  await sdk.createScholarship({ body: { title: 'Typed Award', award: 500 }, idempotencyKey: 'order-1' });
  void [total, title];
}
