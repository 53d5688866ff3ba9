/**
 * The hosted editor's host code (runtime/editor-edge.ts with Keystatic's API handler and what it
 * imports) as one self-contained script, for the functions deploy/editor-hosts.ts generates: an
 * IIFE defining EDITOR_BUNDLE_GLOBAL, built for the Web-standard runtimes of Netlify, Vercel's
 * edge and Cloudflare's workerd (Keystatic's `worker` build; no Node built-in, no `process`).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { EDITOR_BUNDLE_GLOBAL } from '../../deploy/editor-hosts.ts';
import { PROJECT_ROOT } from './project-copy.ts';

export async function editorBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(PROJECT_ROOT, 'runtime/editor-edge.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: EDITOR_BUNDLE_GLOBAL,
    platform: 'neutral',
    conditions: ['worker'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    // workerd has no `process`: what the code reads of it is fixed at build, as for the static files.
    define: {
      'process.env.NODE_ENV': '"production"',
      'process.env.HSTS_PRELOAD': JSON.stringify(process.env['HSTS_PRELOAD'] ?? ''),
      // Keystatic's fallbacks when its options lack a value: ours always give them.
      'process.env': '{}',
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
