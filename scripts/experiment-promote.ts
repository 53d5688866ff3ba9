/**
 * `npm run experiment:promote -- <test> <variant>`: writes the winning variant's words into its
 * page's own file and ends the test, in one step (scripts/lib/promote.ts). Then build and deploy
 * as after any edit.
 */
import { promoteVariant } from './lib/promote.ts';

const [experiment, variant] = process.argv.slice(2);
if (!experiment || !variant) {
  console.error('Usage: npm run experiment:promote -- <test> <variant>, e.g. kit-headline plain-question');
  process.exit(1);
}
try {
  const { pageFile, written } = promoteVariant(process.cwd(), experiment, variant);
  for (const [field, words] of written) console.log(`${pageFile} ${field}: ${words}`);
  console.log(`${experiment} ended (running: false). Build and deploy to publish.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
