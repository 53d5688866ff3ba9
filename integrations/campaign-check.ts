/**
 * The build refuses a campaign page whose name its address cannot take (src/content/campaign-names.ts),
 * naming the file, before any page is built; the editor refuses the same names as they are typed.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ANSWERED_PATHS } from '../runtime/answered-paths.ts';
import { campaignNames } from '../src/content/campaign-files.ts';
import { campaignNameProblem, takenNames } from '../src/content/campaign-names.ts';
import { campaignFile } from '../src/content/pages.ts';
import { ContentError } from '../src/lib/figure-tokens.ts';

export function campaignCheck(): AstroIntegration {
  return {
    name: 'campaign-names',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const root = fileURLToPath(config.root);
        const pageFiles = readdirSync(fileURLToPath(new URL('src/pages/', config.root)), { recursive: true })
          .map(String)
          .map((file) => file.split('\\').join('/'));
        const taken = takenNames(pageFiles, ANSWERED_PATHS);
        const problems = campaignNames(root).flatMap((name) => {
          const problem = campaignNameProblem(name, taken);
          return problem
            ? [
                new ContentError(campaignFile(`/${name}`), [`the file's name, its address: ${problem}`])
                  .message,
              ]
            : [];
        });
        if (problems.length > 0) throw new Error(problems.join('\n'));
      },
    },
  };
}
