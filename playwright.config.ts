import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production build
// served by the real server, on its own port and a fresh embedded database under test-results/.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `test-results/e2e-data-${Date.now()}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI, a guard for shared, loaded CI machines (README, "Known problems"): a test that passes only
  // on its retry is listed as flaky; one that fails twice fails CI.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node bin/start.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? "Admin#2026",
    },
  },
});
