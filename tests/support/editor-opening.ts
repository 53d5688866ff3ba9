/**
 * The owner's data files in the test's document, as the editor's page carries them (its data
 * block: editor/app/opening-content.ts): a unit test that reads the editor's config with the
 * figures and words of the project imports this first, before the config is evaluated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { openingPaths, withOpeningFiles } from '../../editor/app/opening-content.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const campaignFolder = (() => {
  try {
    return readdirSync(join(PROJECT_ROOT, CAMPAIGN_FOLDER));
  } catch {
    return [];
  }
})();
const files = Object.fromEntries(
  openingPaths(campaignFolder).map((path) => [path, readFileSync(join(PROJECT_ROOT, path), 'utf8')]),
);
document.head.insertAdjacentHTML('beforeend', withOpeningFiles('</head>', files).replace('</head>', ''));
