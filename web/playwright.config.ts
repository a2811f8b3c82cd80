// The browser tests of `lud serve` (web/e2e/): `npm run e2e` from web/.
//
// LUD_BIN   the lud binary to serve with (default ../target/quick/lud)
// LUD_WEB_DIR  passed on to the server only when set (serve web/dist from
//           disk instead of the page embedded in the binary)
// CHROMIUM  the browser (default /usr/bin/chromium, Debian's); when it is
//           missing every test is skipped, with the reason.
//
// The server serves a copy of ../games made here in a temporary folder, so
// that saving from the page never touches the repository's games.
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
export const PORT = 18090;

const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const haveChromium = existsSync(chromium);

/** A path given in the environment: as given (from where the command runs), else from the repository's top, else from web/. */
function envPath(v: string): string {
  const tries = [resolve(v), resolve(here, '..', v), resolve(here, v)];
  return tries.find((p) => existsSync(p)) ?? tries[0];
}

const ludBin = process.env.LUD_BIN ? envPath(process.env.LUD_BIN) : resolve(here, '../target/quick/lud');
process.env.LUD_BIN = ludBin;

// The config is read again by each worker: the copy is made once, by the
// first reader, and its place handed on in the environment.
if (!process.env.LUD_E2E_ROOT) {
  const root = mkdtempSync(join(tmpdir(), 'lud-e2e-'));
  mkdirSync(join(root, 'games'));
  cpSync(resolve(here, '../games'), join(root, 'games'), { recursive: true });
  process.env.LUD_E2E_ROOT = root;
}
const root = process.env.LUD_E2E_ROOT;

const serverEnv: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined) serverEnv[k] = v;
if (process.env.LUD_WEB_DIR) serverEnv.LUD_WEB_DIR = envPath(process.env.LUD_WEB_DIR);
else delete serverEnv.LUD_WEB_DIR;

if (haveChromium && !existsSync(ludBin)) {
  throw new Error(`lud binary not found at ${ludBin}: build it (cargo build --profile quick --bin lud) or set LUD_BIN`);
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'e2e/.out/report' }]],
  outputDir: 'e2e/.out/results',
  // The goldens are the pictures of docs/playground/.
  snapshotPathTemplate: '../docs/playground/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--font-render-hinting=none', '--disable-lcd-text'],
    },
  },
  webServer: haveChromium
    ? {
        command: `"${ludBin}" serve games --port ${PORT}`,
        cwd: root,
        url: `http://127.0.0.1:${PORT}/api/files`,
        reuseExistingServer: false,
        timeout: 30_000,
        env: serverEnv,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
});
