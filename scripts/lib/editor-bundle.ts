/**
 * The hosted editor's host code (deploy/editor-edge.ts with Keystatic's API handler and what it
 * imports) as one self-contained script, for the functions deploy/editor-hosts.ts generates: an
 * IIFE defining EDITOR_BUNDLE_GLOBAL, built for the Web-standard runtimes of Netlify, Vercel's
 * edge and Cloudflare's workerd (Keystatic's `worker` build; no Node built-in).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { EDITOR_BUNDLE_GLOBAL } from '../../deploy/editor-hosts.ts';
import { PROJECT_ROOT } from './project-copy.ts';

export async function editorBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(PROJECT_ROOT, 'deploy/editor-edge.ts')],
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
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
