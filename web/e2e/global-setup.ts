// Says once, up front, why every test is about to be skipped when there is
// no browser (each test skips itself too: see fixtures.ts).
import { existsSync } from 'node:fs';

export default function globalSetup(): void {
  const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.warn(
      `\n[e2e] chromium is not installed at ${chromium}: every browser test is skipped ` +
        `(apt-get install chromium, or set CHROMIUM to a Chromium executable).\n`,
    );
  }
}
