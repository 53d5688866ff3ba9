/**
 * A field named the way the owner sees it in the editor: "The kit page → Hero → Headline", with
 * its place in the file after it for whoever opens the YAML. Build errors, the dev server's error
 * page and the editor's own messages all use it.
 */
import type { EditorField } from './fields.ts';
import { contentFiles, type ContentName } from './schemas.ts';

type Path = readonly (string | number)[];

/** The labels from the file's title down to the field at `path` (a list item is "item 2"). */
export function labelsAlong(root: EditorField, path: Path): string[] {
  const labels = [root.label];
  let field: EditorField | undefined = root;
  for (const key of path) {
    if (field?.kind === 'object') {
      field = field.fields[String(key)];
      labels.push(field?.label ?? String(key));
    } else if (field?.kind === 'list') {
      field = field.item;
      labels.push(`item ${Number(key) + 1}`);
    } else {
      labels.push(String(key));
    }
  }
  return labels;
}

/** The field at `path` of a file declared by `root`, labelled and then placed: "… → Headline (hero.headline)". */
export function describePath(root: EditorField, path: Path): string {
  const where = path.length > 0 ? ` (${path.join('.')})` : '';
  return `${labelsAlong(root, path).join(' → ')}${where}`;
}

export function describeField(name: ContentName, path: Path): string {
  return describePath(contentFiles[name].editor, path);
}
