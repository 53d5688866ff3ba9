/**
 * Keystatic's Astro integration (`npm run edit`) looks for the editor's configuration here, at the
 * project's root; it lives with the rest of the editor in src/editor/.
 */
export { default } from './src/editor/config.ts';
