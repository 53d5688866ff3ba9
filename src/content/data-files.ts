/**
 * A data file's text as the build reads it: YAML holding named fields (the split tests may also be
 * written as a bare list, the way they read best by hand). Pure: the build's content collections
 * (src/content.config.ts) and the live preview (preview-content.ts) read each file through it, so
 * both refuse the same text with the same words.
 */
import { parse } from 'yaml';
import { contentPath, type ContentName } from './schemas.ts';

/** The data written as `text` in the YAML file at `path`; throws an error naming the file when it is no YAML. */
export function yamlData(path: string, text: string): unknown {
  try {
    return parse(text, { prettyErrors: true });
  } catch (error) {
    throw new Error(`Invalid YAML in ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The named fields of data file `name` written as `text`; throws an error naming the file when it holds none. */
export function dataOfFile(name: ContentName, text: string): Record<string, unknown> {
  const path = contentPath(name);
  let data = yamlData(path, text);
  if (name === 'experiments' && Array.isArray(data)) data = { experiments: data };
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`Invalid content in ${path}: the file must hold named fields, not a list or a value.`);
  }
  return data as Record<string, unknown>;
}
