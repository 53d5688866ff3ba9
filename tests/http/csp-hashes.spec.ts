/**
 * Every inline <style> and <script> of every page is allowed by its own sha256 hash: in the
 * policy the page carries (<meta>) and in the one header every host sends. The pages inline their
 * stylesheet, the island runtime and its directives; a build step that edits one of them without
 * rehashing would leave the page unstyled or dead under the policy, with no `'unsafe-inline'`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { metaPolicy, parsePolicy } from '../../deploy/csp.ts';
import { DIST } from './page-weight.ts';

const pages = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.html'),
);
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The inline code of a page that a policy must allow: styles, and scripts that run (not JSON-LD data). */
function inlineCode(html: string) {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  const scripts = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((match) => match[1]!)
    .filter((code) => code.trim() !== '');
  return { styles, scripts };
}

for (const file of pages) {
  test(`${file}: each inline style and script is allowed by its hash, in the page and in the header`, async ({
    request,
  }) => {
    const html = readFileSync(join(DIST, file), 'utf8');
    const { styles, scripts } = inlineCode(html);
    const header = (await request.get('/')).headers()['content-security-policy'] ?? '';
    const policies = { page: parsePolicy(metaPolicy(html) ?? ''), header: parsePolicy(header) };
    for (const [where, policy] of Object.entries(policies)) {
      for (const style of styles)
        expect(policy.get('style-src'), `${where}: a style`).toContain(hashOf(style));
      for (const script of scripts)
        expect(policy.get('script-src'), `${where}: a script`).toContain(hashOf(script));
      expect([...policy.values()].flat(), where).not.toContain("'unsafe-inline'");
    }
    if (file === 'index.html') expect(styles.length, 'the stylesheet is inlined').toBeGreaterThan(0);
  });
}
