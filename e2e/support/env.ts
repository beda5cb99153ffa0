/** How the end-to-end run reaches its server. Override the ports to run several suites side by side. */
const port = Number(process.env.E2E_PORT ?? 5100);
export const E2E = {
  port,
  pgPort: Number(process.env.E2E_PG_PORT ?? port + 1000),
  baseUrl: `http://localhost:${port}`,
  accessCodes: ['E2E-PREVIEW', 'E2E-TESTER'],
  adminPassword: 'e2e admin password',
} as const;
