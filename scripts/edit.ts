/**
 * `npm run edit`: the browser editor on this computer, at http://127.0.0.1:4321/keystatic
 * (`npm run edit -- --port 4400` for another port). Builds the editor's app when its sources or
 * the packages changed since the last start (editor/build/editor-build.ts: a start with nothing
 * changed takes a second or two), then serves it with `npm run edit`'s server
 * (editor/node/local.ts) on 127.0.0.1 only. Ctrl+C stops it.
 *
 * EDITOR_APP_CACHE names another folder for the built app (the editor's tests share the project's
 * build between their copies of the project).
 */
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { EDITOR_PAGE } from '../runtime/editor.ts';
import { analyticsSource, RESULTS_SETTINGS } from '../editor/api/results/results-api.ts';
import { PAGE_SETTINGS, readSettings } from '../runtime/settings.ts';
import { loadEditorApp } from '../editor/node/local-app.ts';
import { localEditorServer, type LocalEditorParts } from '../editor/node/local.ts';
import { editorBuild } from '../editor/build/editor-build.ts';
import type * as ServerParts from '../editor/app/server-parts.ts';

const HOST = '127.0.0.1';
const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { port: { type: 'string', default: '4321' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}").`);
  process.exit(1);
}

// This computer's environment over the project's .env files, read once here: the live preview's
// settings (the pages' own: buy links, addresses) and the results view's provider and key.
const env = { ...loadEnv('development', root, ''), ...process.env };
const cache = resolve(env['EDITOR_APP_CACHE'] ?? join(root, 'node_modules/.cache/editor'));
console.log('Preparing the editor…');
const build = await editorBuild(root, cache, readSettings(env, PAGE_SETTINGS));
console.log(
  build.built
    ? `The editor's app was built in ${build.built.seconds} s (${relative(root, build.app) || build.app}).`
    : "The editor's app is up to date.",
);

// The build of editor/app/server-parts.ts: the same module, as Node runs it.
const parts: LocalEditorParts = (await import(pathToFileURL(build.parts).href)) as typeof ServerParts;
const results = analyticsSource(readSettings(env, RESULTS_SETTINGS));
const server = localEditorServer({ root, app: await loadEditorApp(build.app), parts, results });

try {
  await server.listen({ host: HOST, port });
} catch (error) {
  const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  console.error(
    busy
      ? `Port ${port} is in use (another editor, or the site's own server?): stop it, or run npm run edit -- --port ${port + 1}.`
      : String(error),
  );
  process.exit(1);
}
console.log(`The editor: http://${HOST}:${port}${EDITOR_PAGE}`);
console.log('It answers this computer only. Press Ctrl+C to stop it.');

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
