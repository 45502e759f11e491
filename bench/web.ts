// Web delivery figures (docs/web-delivery.md): how much JavaScript the landing page costs, and how
// long a student waits between Start Practice and the first problem, both in real Chromium.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** web/dist over plain HTTP, the app shell for every other path (no API: a guest's landing page needs none). */
async function serveDist(webDist: string): Promise<{ url: string; server: Server }> {
  const root = path.resolve(webDist);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname);
    void (async () => {
      const found = file.startsWith(root + path.sep) && (await stat(file).catch(() => null))?.isFile();
      const served = found ? file : path.join(root, 'index.html');
      if (!found && (pathname.startsWith('/api/') || pathname.startsWith('/assets/'))) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
      response.end(await readFile(served));
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/**
 * The landing route's JavaScript, in kB (1000 bytes, as vite reports) gzip: `/` is opened in
 * headless Chromium, served from webDist, and the gzip size (level 9) of every .js file the page
 * fetched is summed. Measured in the browser rather than read from the build, so it counts
 * whatever the page really loads: index.html's scripts, their preloads and the lazy landing chunk.
 */
export async function measureWebJsGzipKb(webDist: string): Promise<number> {
  const { url, server } = await serveDist(webDist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (pathname.endsWith('.js') && response.ok()) scripts.add(pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.locator('#hero-title').waitFor({ timeout: 15_000 });
    let bytes = 0;
    for (const script of scripts) bytes += gzipSync(await readFile(path.join(webDist, script)), { level: 9 }).length;
    return Math.round(bytes / 100) / 10;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The first problem's answer: the maths text box, or the options of a multiple-choice problem. */
const ANSWER = 'article[data-step="problem"] :is(input.math-answer-box, input[type="radio"])';
const RUNS = 5;
const BUDGET_MS = 120_000;

/**
 * Milliseconds from the click on Start Practice (the student dashboard's link to /learn) to the
 * first problem's answer box showing, in real Chromium against a running product. Each run is a
 * new browser context (own cache, a new sign-in through the API) that opens the dashboard, waits
 * for it to settle as a student would, then clicks; the session is ended afterwards. Timed in the
 * page: from the click event's timestamp to the animation frame in which the box is visible.
 * At most RUNS runs, and none started after BUDGET_MS.
 */
export async function measureFirstProblemMs(
  baseUrl: string,
  login: { email: string; password: string },
): Promise<{ p50: number; p99: number; runs: number }> {
  const browser = await launchChromium();
  const times: number[] = [];
  const started = Date.now();
  try {
    while (times.length < RUNS && Date.now() - started < BUDGET_MS) {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(login),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await context.addInitScript((stored) => {
          localStorage.setItem('accessToken', stored.accessToken);
          localStorage.setItem('refreshToken', stored.refreshToken);
        }, tokens);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/dashboard`);
        const start = page.getByRole('link', { name: 'Start Practice' });
        await start.waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        await page.evaluate((answer) => {
          const timing = window as unknown as { firstProblemMs: Promise<number> };
          const listening = new AbortController();
          timing.firstProblemMs = new Promise((resolve) => {
            document.addEventListener(
              'click',
              (event) => {
                if (!(event.target instanceof Element) || !event.target.closest('a[href="/learn"]')) return;
                listening.abort();
                void (async () => {
                  for (;;) {
                    await new Promise((frame) => requestAnimationFrame(frame));
                    if (document.querySelector(answer)?.checkVisibility()) return resolve(performance.now() - event.timeStamp);
                  }
                })();
              },
              { capture: true, signal: listening.signal },
            );
          });
        }, ANSWER);
        await start.click();
        await page.locator(ANSWER).first().waitFor({ timeout: 15_000 });
        times.push(await page.evaluate(() => (window as unknown as { firstProblemMs: Promise<number> }).firstProblemMs));
        const ended = page.waitForResponse((r) => /\/api\/learning\/sessions\/[^/]+\/end$/.test(new URL(r.url()).pathname), { timeout: 10_000 });
        await page.getByRole('button', { name: 'End Session' }).click();
        await ended;
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
  return { p50: percentile(50), p99: percentile(99), runs: times.length };
}
