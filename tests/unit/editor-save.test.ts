// @vitest-environment happy-dom
/**
 * One save for both editors: the same saves, sent through `npm run edit`'s server over HTTP
 * (Keystatic's local update request, files on disk, written by Keystatic's own handler) and through the hosted editor's commit (GitHub's
 * CreateCommit, files read from GitHub at the commit the save builds on), are written alike: a
 * one-field edit changes one line, a new file goes as saved, a ticked Promote carries its words into
 * its page's file, a campaign page drops an empty hide list, and a picture passes untouched.
 * The originals are fixtures of this test, never the owner's current files.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { layCommits } from '../../editor/app/small-commits.ts';
import { startLocalEditor } from '../support/local-editor.ts';

const KIT = 'src/content/kit.yaml';
const EXPERIMENTS = 'src/content/experiments.yaml';
const CAMPAIGN = 'src/content/campaigns/spring.yaml';
const PICTURE = 'src/assets/uploads/photo.png';

/** A page file in the hand-kept layout: a comment, quoted and plain values, a key order of its own. */
const KIT_ORIGINAL = [
  '# The kit page.',
  'hero:',
  '  eyebrow: For owners',
  "  headline: 'Could your business survive a bad month?'",
  '  lede: A plan for the day it goes wrong.',
  'bundles:',
  '  title: Bundles',
  '',
].join('\n');
const kitSaved = (changes: Record<string, string>) =>
  stringify({ ...parse(KIT_ORIGINAL), hero: { ...parse(KIT_ORIGINAL).hero, ...changes } }, { lineWidth: 80 });

const promotingTests = (promote: boolean) =>
  stringify({
    experiments: [
      {
        id: 'plain-question',
        page: '/',
        running: true,
        variants: [
          { id: 'as-written', weight: 1 },
          {
            id: 'plain',
            weight: 1,
            fields: { 'hero.headline': 'Is your business ready?' },
            ...(promote && { promote }),
          },
        ],
      },
    ],
  });

interface Case {
  name: string;
  originals: Record<string, string>;
  saved: { path: string; text?: string; bytes?: Uint8Array }[];
  expect: (written: Map<string, string | Uint8Array>) => void;
}

const PNG = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);

const CASES: Case[] = [
  {
    name: 'a one-field edit changes one line and keeps the comment and quoting',
    originals: { [KIT]: KIT_ORIGINAL },
    saved: [{ path: KIT, text: kitSaved({ lede: 'A plan for the worst day.' }) }],
    expect: (written) => {
      const lines = String(written.get(KIT)).split('\n');
      const changed = lines.filter((line, index) => line !== KIT_ORIGINAL.split('\n')[index]);
      expect(changed).toEqual(['  lede: A plan for the worst day.']);
    },
  },
  {
    name: 'a data file with no original goes as saved',
    originals: {},
    saved: [{ path: KIT, text: kitSaved({ lede: 'New.' }) }],
    expect: (written) => expect(written.get(KIT)).toBe(kitSaved({ lede: 'New.' })),
  },
  {
    name: 'a ticked Promote writes the words into the page and ends the test, in the same save',
    originals: { [KIT]: KIT_ORIGINAL, [EXPERIMENTS]: promotingTests(false) },
    saved: [{ path: EXPERIMENTS, text: promotingTests(true) }],
    expect: (written) => {
      expect(parse(String(written.get(KIT))).hero.headline).toBe('Is your business ready?');
      expect(String(written.get(KIT))).toContain('# The kit page.');
      const [test] = parse(String(written.get(EXPERIMENTS))).experiments;
      expect(test.running).toBe(false);
      expect(String(written.get(EXPERIMENTS))).not.toContain('promote');
    },
  },
  {
    name: 'a campaign page drops an empty hide list',
    originals: {},
    saved: [{ path: CAMPAIGN, text: stringify({ page: '/', hide: [], fields: { 'hero.headline': 'Hi' } }) }],
    expect: (written) =>
      expect(parse(String(written.get(CAMPAIGN)))).toEqual({ page: '/', fields: { 'hero.headline': 'Hi' } }),
  },
  {
    name: 'a picture passes untouched beside a data file',
    originals: { [KIT]: KIT_ORIGINAL },
    saved: [
      { path: PICTURE, bytes: PNG },
      { path: KIT, text: kitSaved({ eyebrow: 'For founders' }) },
    ],
    expect: (written) => {
      expect(written.get(PICTURE)).toEqual(PNG);
      expect(String(written.get(KIT))).toContain('  eyebrow: For founders\n');
    },
  },
];

const bytesOf = (file: Case['saved'][number]) => file.bytes ?? new TextEncoder().encode(file.text ?? '');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The save through `npm run edit`'s server: the originals on disk, Keystatic's update request, the files it wrote. */
async function localSave(testCase: Case): Promise<Map<string, string | Uint8Array>> {
  const root = mkdtempSync(join(tmpdir(), 'be-save-'));
  folders.push(root);
  for (const [path, text] of Object.entries(testCase.originals)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const additions = testCase.saved.map((file) => ({
    path: file.path,
    contents: Buffer.from(bytesOf(file)).toString('base64url'),
  }));
  const editor = await startLocalEditor(root);
  try {
    const answer = await editor.ask('/api/keystatic/update', {
      method: 'POST',
      headers: { 'no-cors': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ additions, deletions: [] }),
    });
    expect(answer.status, answer.text).toBe(200);
  } finally {
    await editor.close();
  }
  // Every file the save wrote: those it sent, and an original it changed (a promoted page's).
  const changed = Object.keys(testCase.originals).filter(
    (path) => readFileSync(join(root, path), 'utf8') !== testCase.originals[path],
  );
  const written = [...new Set([...testCase.saved.map((file) => file.path), ...changed])];
  return new Map(
    written.map((path) => {
      const bytes = readFileSync(join(root, path));
      return [path, path.endsWith('.yaml') ? bytes.toString('utf8') : new Uint8Array(bytes)];
    }),
  );
}

/** The save through the hosted editor: the originals on GitHub at the commit the save builds on. */
async function hostedSave(testCase: Case): Promise<Map<string, string | Uint8Array>> {
  let sent: { variables: { input: { fileChanges: { additions: { path: string; contents: string }[] } } } };
  const github = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/graphql') {
      sent = JSON.parse(String(init?.body));
      return new Response('{"data":{}}');
    }
    const path = decodeURIComponent(url.pathname.replace('/repos/owner/site/contents/', ''));
    expect(url.searchParams.get('ref')).toBe('base-commit');
    const original = testCase.originals[path];
    return original === undefined ? new Response('Not Found', { status: 404 }) : new Response(original);
  });
  const additions = testCase.saved.map((file) => ({
    path: file.path,
    contents: Buffer.from(bytesOf(file)).toString('base64'),
  }));
  const input = { expectedHeadOid: 'base-commit', fileChanges: { additions } };
  const commit = {
    method: 'POST',
    body: JSON.stringify({ operationName: 'CreateCommit', variables: { input } }),
  };
  await github(
    'https://api.github.com/graphql',
    await layCommits('owner/site')(commit, github as typeof fetch),
  );
  return decoded(sent!.variables.input.fileChanges.additions, (contents) => Buffer.from(contents, 'base64'));
}

function decoded(
  additions: { path: string; contents: string }[],
  decode: (contents: string) => Buffer,
): Map<string, string | Uint8Array> {
  return new Map(
    additions.map(({ path, contents }) => [
      path,
      path.endsWith('.yaml') ? decode(contents).toString('utf8') : new Uint8Array(decode(contents)),
    ]),
  );
}

describe.each([
  ['npm run edit (local mode)', localSave],
  ['the hosted editor (GitHub mode)', hostedSave],
])('a save through %s', (_mode, save) => {
  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    testCase.expect(await save(testCase));
  });
});

describe('both editors', () => {
  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))(
    'write the same files: %s',
    async (_name, testCase) => {
      expect(await hostedSave(testCase)).toEqual(await localSave(testCase));
    },
  );
});
