/**
 * The functions of the hosts that run code beside static files, for a running split test and
 * the hosted editor: each is the real code of runtime/hosts/ (with runtime/experiments.ts, and
 * editor/api/editor-edge.ts with Keystatic's API handler when the build has the editor) bundled by
 * esbuild into one self-contained module, given the build's data (the tests, the paths under
 * test, the headers, the editor's files and page) from the route manifest:
 *
 * - Cloudflare Pages: `_worker.js`, for the tests, the editor, or both;
 * - Netlify: the tests' edge function and the editor's function;
 * - Vercel: the tests' and the editor's edge functions.
 *
 * Built for the Web-standard runtimes of Netlify, Vercel's edge and Cloudflare's workerd
 * (Keystatic's `worker` build; no Node built-in, and Keystatic's `process.env.X` fixed at build,
 * since workerd has no `process`). The few lines of each entry below only wire the build's data to
 * a function; the function reads the host's environment itself, at run time (runtime/hosts/).
 */
import { build, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { EXPERIMENT_CACHE_CONTROL, EXPERIMENT_VARY } from '../runtime/experiments.ts';
import type { SplitTests } from '../runtime/hosts/split.ts';
import { securityHeaders } from '../runtime/rules.ts';
import { EDITOR_PATH_PATTERNS } from '../editor/build/editor-hosts.ts';
import { pathsUnderTest } from './experiment-hosts.ts';
import type { RouteManifest } from './routes.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');

/** Every function the build needs, by host; absent where nothing runs there. */
export interface HostFunctions {
  /** Cloudflare Pages' `_worker.js`. */
  cloudflareWorker: string;
  /** Netlify's edge function for the pages under test. */
  netlifySplit?: string;
  /** Vercel's edge function for the pages under test. */
  vercelSplit?: string;
  /** Netlify's function for the editor. */
  netlifyEditor?: string;
  /** Vercel's function for the editor. */
  vercelEditor?: string;
}

/** The split tests as the functions carry them: the tests, the paths they run on, the headers. */
function splitTests(manifest: RouteManifest): SplitTests {
  return {
    experiments: manifest.experiments,
    paths: Object.fromEntries(pathsUnderTest(manifest).map(({ path, experiment }) => [path, experiment.id])),
    headers: {
      ...securityHeaders(manifest),
      'Cache-Control': EXPERIMENT_CACHE_CONTROL,
      Vary: EXPERIMENT_VARY,
    },
  };
}

/** The editor's pages as the build wrote them (its app's and the live preview's), by file: the functions carry copies. */
export type EditorPages = Readonly<Record<string, string>>;

/** Netlify reads each function's `config` export from its source: written out as a literal. */
const configExport = (config: unknown) => `export const config = ${JSON.stringify(config)};\n`;

/** Each function's entry module: the host's function of runtime/hosts/, given the build's data. */
function entries(
  manifest: RouteManifest,
  editorPages: EditorPages,
  credentials: string | null,
): Record<keyof HostFunctions, string> {
  const editor = manifest.editor;
  const tests = manifest.experiments.length > 0 ? JSON.stringify(splitTests(manifest)) : undefined;
  const page =
    editor &&
    JSON.stringify([editor.page, editor.preview].map((file) => ({ file, html: editorPages[file] ?? '' })));
  const onHost =
    editor &&
    `editorOnHost(${JSON.stringify({ page: editor.page, preview: editor.preview, assets: editor.assets, hsts: manifest.hsts, credentials })})`;
  // Only a function that has the editor imports it (Keystatic is most of a bundle).
  const wire = (host: string, make: string, args: string) =>
    `import { ${make} } from './runtime/hosts/${host}.ts';\n${
      args.includes('editorOnHost(') ? "import { editorOnHost } from './editor/api/editor-edge.ts';\n" : ''
    }export default ${make}(${args});\n`;
  const all = {
    cloudflareWorker: wire('cloudflare', 'cloudflareWorker', `{ tests: ${tests}, editor: ${onHost} }`),
    netlifySplit: tests && wire('netlify', 'netlifySplitFunction', tests),
    vercelSplit: tests && wire('vercel', 'vercelSplitFunction', tests),
    netlifyEditor: editor && wire('netlify', 'netlifyEditorFunction', `${onHost}, ${page}`),
    vercelEditor: editor && wire('vercel', 'vercelEditorFunction', `${onHost}, ${page}`),
  };
  return Object.fromEntries(Object.entries(all).filter(([, code]) => code)) as Record<
    keyof HostFunctions,
    string
  >;
}

/** Serves the entries above to esbuild as modules of their own (`host-function:<name>`). */
function entryModules(sources: Record<string, string>): Plugin {
  return {
    name: 'host-functions',
    setup(build) {
      build.onResolve({ filter: /^host-function:/ }, (args) => ({
        path: args.path.slice('host-function:'.length),
        namespace: 'host-function',
      }));
      build.onLoad({ filter: /.*/, namespace: 'host-function' }, (args) => ({
        contents: sources[args.path],
        loader: 'ts',
        resolveDir: PROJECT_ROOT,
      }));
    },
  };
}

/**
 * The functions for this build (null when neither a split test runs nor the editor is built):
 * one esbuild run over every entry, so Keystatic is parsed once for all of them. `credentials`:
 * the editor's, as its setup committed them (sealed: the functions open them with the setup code).
 */
export async function hostFunctions(
  manifest: RouteManifest,
  editorPages: EditorPages = {},
  credentials: string | null = null,
): Promise<HostFunctions | null> {
  if (manifest.experiments.length === 0 && !manifest.editor) return null;
  const sources = entries(manifest, editorPages, credentials);
  const result = await build({
    entryPoints: Object.keys(sources).map((name) => ({ in: `host-function:${name}`, out: name })),
    plugins: [entryModules(sources)],
    bundle: true,
    write: false,
    outdir: join(PROJECT_ROOT, 'host-functions'),
    format: 'esm',
    platform: 'neutral',
    conditions: ['worker'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    define: {
      'process.env.NODE_ENV': '"production"',
      // Keystatic's fallbacks when its options lack a value: ours always give them.
      'process.env': '{}',
    },
    logLevel: 'silent',
  });
  const paths = [...new Set(pathsUnderTest(manifest).map(({ path }) => path))];
  const footers: Partial<Record<keyof HostFunctions, string>> = {
    netlifySplit: configExport({ path: paths, method: ['GET', 'HEAD'] }),
    netlifyEditor: configExport({
      path: EDITOR_PATH_PATTERNS,
      // The editor's scripts are static files; a missing one is the app's page, as on the Node server.
      excludedPath: manifest.editor?.assets ?? [],
    }),
  };
  const code = (name: keyof HostFunctions) => {
    const file = result.outputFiles.find((output) => output.path.endsWith(`/${name}.js`))!;
    return `// Generated by scripts/deploy-configs.ts from runtime/hosts/ and the build. Do not edit.\n${file.text}${footers[name] ?? ''}`;
  };
  return Object.fromEntries(
    (Object.keys(sources) as (keyof HostFunctions)[]).map((name) => [name, code(name)]),
  ) as unknown as HostFunctions;
}
