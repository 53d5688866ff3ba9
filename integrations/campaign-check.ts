/**
 * The build refuses a campaign page whose name its address cannot take (campaign-names.ts),
 * naming the file, before any page is built; the editor refuses the same names as they are typed.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { campaignNames } from '../src/content/campaign-files.ts';
import { campaignFile } from '../src/content/pages.ts';
import { ContentError } from '../src/lib/figure-tokens.ts';
import { campaignNameProblem } from '../editor/app/campaign-names.ts';

export function campaignCheck(): AstroIntegration {
  return {
    name: 'campaign-names',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const root = fileURLToPath(config.root);
        const pageFiles = readdirSync(fileURLToPath(new URL('src/pages/', config.root)), { recursive: true })
          .map(String)
          .map((file) => file.split('\\').join('/'));
        const problems = campaignNames(root).flatMap((name) => {
          const problem = campaignNameProblem(name, pageFiles);
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
