/**
 * Lists your scholarships and the latest applicants of the five newest (sdk/README.md).
 *
 *   npm start                                   # the embedded server on http://localhost:3000, with demo accounts
 *   SCHOLARMATCH_URL=http://localhost:3000 npx tsx sdk/examples/list-applicants.ts
 *
 * Credential: SCHOLARMATCH_API_KEY when set (an API key, `smk_live_…`). Without one it signs in
 * with SCHOLARMATCH_EMAIL and SCHOLARMATCH_PASSWORD (default: the embedded server's demo provider)
 * and uses the session's access token, which goes in the same `Authorization: Bearer` header.
 * Once API keys exist, a key created in the studio replaces the sign-in.
 */
import { createClient, ScholarMatchError } from '@scholarmatch/sdk';

const baseUrl = process.env.SCHOLARMATCH_URL ?? 'http://localhost:3000';

async function credential(): Promise<string> {
  if (process.env.SCHOLARMATCH_API_KEY) return process.env.SCHOLARMATCH_API_KEY;
  const session = await createClient({ baseUrl }).logIn({
    body: {
      userName: process.env.SCHOLARMATCH_EMAIL ?? 'provider@demo.scholarmatch.test',
      password: process.env.SCHOLARMATCH_PASSWORD ?? 'DemoProvider#2026',
      loginType: 'register_user',
    },
  });
  if (!('accessToken' in session.data)) throw new Error('This account asks for a second factor: use an API key instead.');
  return session.data.accessToken;
}

async function main(): Promise<void> {
  const sdk = createClient({ baseUrl, apiKey: await credential() });
  const { data: scholarships } = await sdk.listProviderScholarships();
  console.log(`${scholarships.length} scholarship(s) at ${baseUrl}; the five newest:`);
  for (const scholarship of scholarships.slice(0, 5)) {
    const { data: page } = await sdk.listApplicants({ id: scholarship.id, sort: '-submittedAt', limit: 5 });
    console.log(`\n${scholarship.title} (${scholarship.status}): ${page.total} applicant(s)`);
    for (const applicant of page.applicants) {
      console.log(`  ${applicant.reference}  ${applicant.status.padEnd(13)} ${applicant.eligibility.padEnd(10)} ${applicant.name ?? '(blind review)'}`);
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ScholarMatchError) console.error(`${error.status} ${error.errorCode ?? ''}: ${error.description}`);
  else console.error(error);
  process.exitCode = 1;
});
