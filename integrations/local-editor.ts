/**
 * The browser editor's part of `npm run edit` (never of a build): Keystatic's own integration (its
 * pages and API, without its request to Google Fonts), the editor's address printed at start, and
 * small saves: a save of a data file under src/content/ is laid onto the file as it was
 * (src/editor/save.ts, the hosted editor's too) before Keystatic writes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import keystatic from '@keystatic/astro';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import type { Config } from '@keystatic/core';
import type { ViteDevServer } from 'vite';
import type { ResultsSource } from '../runtime/results/results-api.ts';
import { localResults } from './local-results.ts';
import { withoutGoogleFonts } from './keystatic-fonts.ts';
import { SAVE_SETTLES_MS } from '../src/editor/settle.ts';
import { keepLayout } from '../src/editor/save.ts';

const UPDATE_PATH = '/api/keystatic/update';

interface Addition {
  path: string;
  contents: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const fromBase64Url = (contents: string) => Buffer.from(contents, 'base64url').toString('utf8');
const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A local save's body (Keystatic's update request) with its data files laid onto the files on disk (save.ts). */
export async function keepLayoutOfSave(body: string, root: string): Promise<string> {
  let update: { additions?: Addition[] };
  try {
    update = JSON.parse(body) as { additions?: Addition[] };
  } catch {
    return body; // Keystatic answers a malformed save itself.
  }
  const additions = update.additions ?? [];
  const isYaml = (addition: Addition) => typeof addition.path === 'string' && addition.path.endsWith('.yaml');
  const read = (path: string) => readFile(join(root, path), 'utf8').catch(() => undefined);
  const kept = await keepLayout(
    additions
      .filter(isYaml)
      .map((addition) => ({ path: addition.path, text: fromBase64Url(addition.contents) })),
    read,
  );
  update.additions = [
    ...additions.filter((addition) => !isYaml(addition)),
    ...kept.map((file) => ({ path: file.path, contents: toBase64Url(file.text) })),
  ];
  return JSON.stringify(update);
}

function smallSaves(server: ViteDevServer) {
  const root = server.config.root;
  return async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (request.method !== 'POST' || request.url !== UPDATE_PATH) return next();
    try {
      const body = await keepLayoutOfSave(await readBody(request), root);
      const { default: config } = (await server.ssrLoadModule('/src/editor/config.ts')) as {
        default: Config;
      };
      // Keystatic's own handler then checks the paths and writes, as its API route would.
      const handle = makeGenericAPIRouteHandler({ config, localBaseDirectory: root });
      // The two headers Keystatic's handler asks for (its guard against cross-site requests).
      const headers = new Headers();
      for (const name of ['no-cors', 'content-type']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await handle(
        new Request(`http://${request.headers.host ?? '127.0.0.1'}${UPDATE_PATH}`, {
          method: 'POST',
          headers,
          body,
        }),
      );
      response.statusCode = answer.status ?? 200;
      for (const [name, value] of new Headers(answer.headers)) response.setHeader(name, value);
      response.end(answer.body);
    } catch (error) {
      server.config.logger.error(`[editor] save failed: ${(error as Error).stack ?? String(error)}`);
      response.statusCode = 500;
      response.end('The save failed: see the terminal running npm run edit.');
    }
  };
}

/** `results`: where the Results view's figures come from (the build's settings: integrations/build-settings.ts). */
export function editor(results: ResultsSource): AstroIntegration[] {
  return [
    keystatic(),
    {
      name: 'editor',
      hooks: {
        'astro:config:setup': ({ updateConfig }) => {
          updateConfig({
            vite: {
              // Keystatic's page asks nothing of Google Fonts, pre-bundled or not (keystatic-fonts.ts).
              plugins: [withoutGoogleFonts()],
              optimizeDeps: { rolldownOptions: { plugins: [withoutGoogleFonts()] } },
              server: {
                watch: { awaitWriteFinish: { stabilityThreshold: SAVE_SETTLES_MS, pollInterval: 25 } },
              },
            },
          });
        },
        'astro:server:setup': ({ server }) => {
          server.middlewares.use(smallSaves(server));
          // The results view's figures and its Promote button (src/editor/results/).
          server.middlewares.use(localResults(server, results));
        },
        'astro:server:start': ({ address, logger }) => {
          logger.info(`The editor: http://127.0.0.1:${address.port}/keystatic`);
        },
      },
    },
  ];
}
