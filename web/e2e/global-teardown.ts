// Removes the temporary copy of the games that playwright.config.ts made.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

export default function globalTeardown(): void {
  const root = process.env.LUD_E2E_ROOT;
  if (root && root.startsWith(tmpdir()) && root.includes('lud-e2e-')) {
    rmSync(root, { recursive: true, force: true });
  }
}
