/**
 * The browser editor (Keystatic, local mode), started by `npm run edit`. Its forms are made from
 * the same field declarations the build validates with (src/content/schemas.ts), so the editor
 * refuses what the build would refuse. It saves to src/content/*.yaml and src/assets/uploads/.
 */
import { config, fields, singleton } from '@keystatic/core';
import type { ComponentSchema } from '@keystatic/core';
import { HREF_MESSAGE, HREF_PATTERN, type EditorField } from './src/content/fields.ts';
import { contentFiles, contentPath, type ContentName } from './src/content/schemas.ts';

/** Text the build requires must hold more than spaces. */
const notBlank = (label: string) => ({ regex: /\S/, message: `${label} must not be empty` });

export function editorField(field: EditorField): ComponentSchema {
  const { label, description } = field;
  switch (field.kind) {
    case 'text':
      return fields.text({
        label,
        ...(description && { description }),
        multiline: field.multiline,
        validation: field.optional
          ? { ...(field.max && { length: { max: field.max } }) }
          : {
              isRequired: true,
              length: { min: 1, ...(field.max && { max: field.max }) },
              pattern: notBlank(label),
            },
      });
    case 'href':
      return fields.text({
        label,
        description:
          description ??
          'A page of this site (/community), a place on it (#faq) or a full address (https://…)',
        validation: {
          isRequired: true,
          pattern: { regex: HREF_PATTERN, message: HREF_MESSAGE },
        },
      });
    case 'number': {
      const validation = {
        isRequired: !field.optional,
        ...(field.min !== undefined && { min: field.min }),
        ...(field.max !== undefined && { max: field.max }),
      };
      const common = { label, ...(description && { description }) };
      return field.integer
        ? fields.integer({ ...common, validation })
        : fields.number({ ...common, validation });
    }
    case 'checkbox':
      return fields.checkbox({ label, ...(description && { description }) });
    case 'select':
      return fields.select({
        label,
        ...(description && { description }),
        options: field.options.map((option) => ({ label: option, value: option })),
        defaultValue: field.options[0] ?? '',
      });
    case 'image':
      return fields.image({
        label,
        ...(description && { description }),
        directory: field.directory,
        publicPath: field.publicPath,
        validation: { isRequired: true },
      });
    case 'list': {
      const item = editorField(field.item);
      const key = field.itemLabel;
      return fields.array(item, {
        label,
        ...(description && { description }),
        itemLabel: (props) => {
          const value: unknown = key
            ? (props as { fields?: Record<string, { value?: unknown }> }).fields?.[key]?.value
            : (props as { value?: unknown }).value;
          return typeof value === 'string' && value ? value : label;
        },
        validation: {
          length: {
            ...(field.min !== undefined && { min: field.min }),
            ...(field.max !== undefined && { max: field.max }),
          },
        },
      });
    }
    case 'object':
      return fields.object(
        Object.fromEntries(Object.entries(field.fields).map(([name, child]) => [name, editorField(child)])),
        { label, ...(description && { description }) },
      );
  }
}

function dataFileSingleton(name: ContentName) {
  const root = contentFiles[name].editor;
  if (root.kind !== 'object') throw new Error(`${contentPath(name)} must be declared as an object.`);
  return singleton({
    label: root.label,
    path: contentPath(name).replace(/\.yaml$/, ''),
    format: { data: 'yaml' },
    schema: Object.fromEntries(Object.entries(root.fields).map(([key, child]) => [key, editorField(child)])),
  });
}

export default config({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Build Equity site' },
    navigation: {
      Pages: ['kit', 'community', 'faq', 'testimonials', 'videos'],
      'Prices and figures': ['offer'],
      'Across the site': ['footer', 'meta'],
    },
  },
  singletons: {
    kit: dataFileSingleton('kit'),
    community: dataFileSingleton('community'),
    faq: dataFileSingleton('faq'),
    testimonials: dataFileSingleton('testimonials'),
    videos: dataFileSingleton('videos'),
    offer: dataFileSingleton('offer'),
    footer: dataFileSingleton('footer'),
    meta: dataFileSingleton('meta'),
  },
});
