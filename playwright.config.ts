import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** `E2E_VIEWPORT=390x844` runs the journeys at that window size instead of Desktop Chrome's. */
function viewportFromEnv(value: string | undefined): { width: number; height: number } | undefined {
  if (!value) return undefined;
  const match = /^(\d+)x(\d+)$/.exec(value);
  if (!match) throw new Error(`E2E_VIEWPORT must look like 390x844, not ${value}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}
const viewport = viewportFromEnv(process.env.E2E_VIEWPORT);
/** `E2E_PHONE=1` runs the journeys as on a phone: 390x844, touch, the mobile viewport. */
const phone = process.env.E2E_PHONE === '1';
const journeyDevice = phone
  ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
  : { ...devices['Desktop Chrome'], channel: undefined, ...(viewport ? { viewport } : {}) };

/** Browser journeys against the real server run as in production, a fresh demo catalog and Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT ?? './artifacts/e2e-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['html', { outputFolder: `${process.env.E2E_OUTPUT ?? './artifacts/e2e'}-report`, open: 'never' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    // Prepares the catalog (a title with a trailer and a full video) and a signed-in member.
    {
      name: 'setup',
      testMatch: /setup\/.*\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts$/,
      // The screenshots set their own widths, the phone's included: the phone run would repeat them.
      ...(phone ? { testIgnore: /screenshots\.spec\.ts$/ } : {}),
      dependencies: ['setup'],
      use: journeyDevice,
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
