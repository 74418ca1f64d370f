import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const login = await (await fetch(base + '/api/v1/users/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', loginType: 'register_user' }) })).json();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto(base + '/');
await page.evaluate((s) => { localStorage.setItem('token', s.accessToken); localStorage.setItem('refresh_token', s.refreshToken); localStorage.setItem('userInfo', JSON.stringify(s.user)); }, login.data);
for (const p of process.argv.slice(2)) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = '/tmp/shots/' + p.replace(/\W+/g, '_') + '.png';
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
}
await browser.close();
