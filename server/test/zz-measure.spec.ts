import { startTestApp } from './test-app.js';
it('measures', async () => {
  for (let i = 0; i < 4; i++) {
    const t0 = Date.now();
    const t = await startTestApp({ LOG_LEVEL: 'info' });
    const t1 = Date.now();
    await t.close();
    process.stderr.write(`app start ${t1 - t0} ms, close ${Date.now() - t1} ms\n`);
  }
}, 120000);
