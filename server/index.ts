/**
 * `npm run serve`: serves the production build on HOST:PORT (127.0.0.1:4321 by default).
 * Stops cleanly on SIGTERM and SIGINT: in-flight requests finish, then the process exits.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServer } from './app.ts';

const root = resolve(process.env['SITE_ROOT'] ?? 'dist');
const host = process.env['HOST'] ?? '127.0.0.1';
const port = Number(process.env['PORT'] ?? 4321);

if (!existsSync(resolve(root, 'index.html'))) {
  console.error(
    `No build found in ${root}. Run "npm run build" first (or "npm start", which builds and serves).`,
  );
  process.exit(1);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a whole number from 0 to 65535 (got "${process.env['PORT']}").`);
  process.exit(1);
}

const app = await buildServer({
  root,
  logger: { level: process.env['LOG_LEVEL'] ?? 'info' },
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ host, port });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
