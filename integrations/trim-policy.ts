/**
 * An Astro integration that runs when the build is done (after the fonts are subset, which
 * rehashes the styles it edits): each page's content security policy keeps only the hashes of the
 * inline scripts and styles that page carries. Astro writes every hash of the whole site into every
 * page, the hashes of directives no island uses among them; each one is 53 bytes that compress
 * badly, in every page and in the site-wide header (the union of the pages' policies).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from '../deploy/build-output.ts';
import { cspSource } from './hashes.ts';

/** The page with its <meta> policy narrowed to the hashes of its own inline code. */
export function trimPagePolicy(html: string): string {
  const own = new Set(
    [...html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)]
      .filter(([, , attributes]) => !/\ssrc=/.test(attributes!))
      .map(([, , , code]) => cspSource(code!)),
  );
  return html.replace(
    /(<meta\s+http-equiv="content-security-policy"\s+content=")([^"]*)(")/i,
    (_tag, open: string, policy: string, close: string) =>
      open +
      policy
        .replace(/&#39;sha256-[A-Za-z0-9+/=]+&#39;|'sha256-[A-Za-z0-9+/=]+'/g, (source) =>
          own.has(source.replace(/&#39;/g, "'")) ? source : '',
        )
        .replace(/ {2,}/g, ' ')
        .replace(/ ;/g, ';') +
      close,
  );
}

export function trimPolicies(): AstroIntegration {
  return {
    name: 'trim-policy',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        for (const file of await htmlFiles(root)) {
          const path = join(root, file);
          const html = await readFile(path, 'utf8');
          const trimmed = trimPagePolicy(html);
          if (trimmed !== html) await writeFile(path, trimmed);
        }
      },
    },
  };
}
