// Dev helper: node scripts/screenshot.mjs http://localhost:3000/ out-prefix [--ru] [--menu] [--viewport] [--at=css] [--sign-in=email:password]
// Takes full-page screenshots at 375 px and 1280 px with Debian's Chromium.
import { chromium } from '@playwright/test';

const [url = 'http://localhost:3000/', prefix = '.tmp/shot', ...flags] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  if (flags.includes('--ru')) await page.context().addCookies([{ name: 'medallion.language', value: 'ru', url }]);
  const signIn = flags.find((f) => f.startsWith('--sign-in='))?.slice(10);
  if (signIn) {
    const [email, password] = signIn.split(':');
    await page.request.post(new URL('/api/auth/sign-in', url).toString(), { data: { email, password } });
  }
  await page.goto(url, { waitUntil: 'networkidle' });
  if (flags.includes('--menu')) await page.getByRole('button', { name: /menu|меню/i }).click();
  const at = flags.find((f) => f.startsWith('--at='))?.slice(5);
  if (at) {
    await page.locator(at).first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
  }
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: !flags.includes('--viewport') && !at });
  await page.close();
}
await browser.close();
