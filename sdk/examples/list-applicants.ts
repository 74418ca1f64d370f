/**
 * Lists your scholarships and the latest applicants of the five newest (sdk/README.md).
 *
 *   npm start                                   # the embedded server on http://localhost:3000, with demo accounts
 *   SCHOLARMATCH_URL=http://localhost:3000 npx tsx sdk/examples/list-applicants.ts
 *
 * Credential: SCHOLARMATCH_API_KEY, an API key (`smk_live_…`) made in the studio under Settings ->
 * API keys with the scopes read_own_scholarships and read_applications. Without one, the example
 * makes such a key itself: it signs in as SCHOLARMATCH_EMAIL / SCHOLARMATCH_PASSWORD (default: the
 * embedded server's demo provider), creates a key that expires in an hour, uses it, and revokes
 * it at the end.
 */
import { createClient, ScholarMatchError } from '@scholarmatch/sdk';

const baseUrl = process.env.SCHOLARMATCH_URL ?? 'http://localhost:3000';

/** The key to use, and what to do when done (revoke the key the example made). */
async function credential(): Promise<{ apiKey: string; done: () => Promise<unknown> }> {
  if (process.env.SCHOLARMATCH_API_KEY) return { apiKey: process.env.SCHOLARMATCH_API_KEY, done: async () => undefined };
  const session = await createClient({ baseUrl }).logIn({
    body: {
      userName: process.env.SCHOLARMATCH_EMAIL ?? 'provider@demo.scholarmatch.test',
      password: process.env.SCHOLARMATCH_PASSWORD ?? 'DemoProvider#2026',
      loginType: 'register_user',
    },
  });
  if (!('accessToken' in session.data)) throw new Error('This account asks for a second factor: make a key in the studio and set SCHOLARMATCH_API_KEY.');
  const asOwner = createClient({ baseUrl, apiKey: session.data.accessToken });
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const { data: key } = await asOwner.createApiKey({ body: { name: 'SDK example', scopes: ['read_own_scholarships', 'read_applications'], expiresAt: inAnHour } });
  console.log(`made API key …${key.last4} (${key.scopes.join(', ')}), revoked at the end`);
  return { apiKey: key.secret!, done: () => asOwner.revokeApiKey({ id: key.id }) };
}

async function main(): Promise<void> {
  const { apiKey, done } = await credential();
  const sdk = createClient({ baseUrl, apiKey });
  try {
    const { data: scholarships } = await sdk.listProviderScholarships();
    console.log(`${scholarships.length} scholarship(s) at ${baseUrl}; the five newest:`);
    for (const scholarship of scholarships.slice(0, 5)) {
      const { data: page } = await sdk.listApplicants({ id: scholarship.id, sort: '-submittedAt', limit: 5 });
      console.log(`\n${scholarship.title} (${scholarship.status}): ${page.total} applicant(s)`);
      for (const applicant of page.applicants) {
        console.log(`  ${applicant.reference}  ${applicant.status.padEnd(13)} ${applicant.eligibility.padEnd(10)} ${applicant.name ?? '(blind review)'}`);
      }
    }
  } finally {
    await done();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ScholarMatchError) console.error(`${error.status} ${error.errorCode ?? ''}: ${error.description}`);
  else console.error(error);
  process.exitCode = 1;
});
