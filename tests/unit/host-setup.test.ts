/**
 * Connecting the repository is all a host needs: Netlify's and Vercel's files at the root run our
 * build (whose postbuild step writes the host configs) with Node 24, and leave the headers to the
 * configs the build generates from deploy/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('zero-configuration hosts', () => {
  it('Netlify: netlify.toml builds with npm run build on Node 24 and publishes dist', () => {
    const toml = root('netlify.toml');
    expect(toml).toMatch(/^\[build\]\n(?:\s+.*\n)*?\s+command = "npm run build"$/m);
    expect(toml).toMatch(/^\s+publish = "dist"$/m);
    expect(toml).toMatch(/^\[build\.environment\]\n\s+NODE_VERSION = "24"$/m);
    // Headers and redirects come from the generated dist/_headers and dist/_redirects only.
    expect(toml).not.toMatch(/^\[\[(headers|redirects)\]\]/m);
  });

  it('Vercel: vercel.json runs npm run build (so the postbuild step writes .vercel/output) and sets nothing else', () => {
    const config = JSON.parse(root('vercel.json')) as Record<string, unknown>;
    expect(config['buildCommand']).toBe('npm run build');
    expect(Object.keys(config).sort()).toEqual(['$schema', 'buildCommand']);
    const scripts = (JSON.parse(root('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['postbuild']).toContain('scripts/deploy-configs.ts');
    expect(JSON.parse(root('package.json')).engines.node).toBe('>=24 <25');
  });
});

describe('the deploy buttons', () => {
  it('ask for one value at most, the editor’s setup code', () => {
    const readme = root('README.md');
    const vercel = /\]\((https:\/\/vercel\.com\/new\/clone\?[^)]+)\)/.exec(readme)?.[1];
    const netlify = /\]\((https:\/\/app\.netlify\.com\/start\/deploy\?[^)]+)\)/.exec(readme)?.[1];
    expect(vercel && new URL(vercel).searchParams.get('env')).toBe('EDITOR_SETUP_CODE');
    expect(netlify && new URL(netlify).searchParams.get('repository')).toMatch(/^https:\/\/github\.com\//);
    // Netlify's button asks for the variables of netlify.toml's [template.environment]: that one alone.
    const template = /^\[template\.environment\]\n((?:\s+.*\n?)*)/m.exec(root('netlify.toml'))?.[1] ?? '';
    expect(template.match(/^\s+(\w+) =/gm)?.map((line) => line.trim().replace(/ =$/, ''))).toEqual([
      'EDITOR_SETUP_CODE',
    ]);
    expect(readme).toMatch(/npm install && npm start\s+# prints a setup code once/);
  });
});
