/**
 * Retakes the owner's guide's pictures of Publish and Undo (docs/images/publish-*.png): runs the
 * hosted editor's publish test (tests/hosted-editor/publish.spec.ts: the real editor on the
 * production server, GitHub a stand-in), which takes them at each step and, with
 * PUBLISH_SCREENSHOTS set, writes them into docs/images/ too. Minutes: it builds the site twice.
 *
 *   npm run screenshot:publish
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const result = spawnSync(
  'npx',
  ['playwright', 'test', 'tests/hosted-editor/publish.spec.ts', '--project=hosted-editor', '--workers=1'],
  { stdio: 'inherit', env: { ...process.env, PUBLISH_SCREENSHOTS: resolve('docs/images') } },
);
process.exit(result.status ?? 1);
