/**
 * The editor's campaign pages: the name field (its address is the file's name: Podcast is
 * /podcast), refused when the site or a host already answers that address or it is not lower-case
 * letters, digits and hyphens; and the rules across the form's fields (words and hidden sections
 * only of the base page), checked by the build's own functions, so a Save the build would refuse
 * is refused here, in the same words.
 *
 * Keystatic checks each field alone, in the form's order (the base page, the words, the hidden
 * sections): those fields note their values as they are checked, and a field after them, which
 * holds and writes nothing, runs the rules over what was noted and refuses the Save.
 */
import { fields, type BasicFormField, type ComponentSchema, type FormFieldInputProps } from '@keystatic/core';
import { Text } from '@keystar/ui/typography';
import { isPagePath, PAGE_PATHS } from '../content/pages.ts';
import { campaignProblems, type CampaignBase } from '../content/schemas/campaigns.ts';
import { noting, onFormCheck, recordProblem } from './save-problems.tsx';

const WHERE = 'Campaign page';
const ADDRESS = 'Address';

type Slug = { name: string; slug: string };
const base = fields.slug({
  name: {
    label: 'Name',
    description: 'What the page is for (Podcast, Spring sale); its address is made from it.',
    validation: { isRequired: true },
  },
  slug: {
    label: ADDRESS,
    description:
      'The page is at this address after your site’s name (podcast: /podcast). Lower-case letters, digits and hyphens.',
  },
});

/**
 * The page's name and address (the file's name), refused as the build refuses it: `problem` is
 * campaign-names.ts's check, handed in by config.ts (the site's code may
 * not read the hosts' paths itself).
 */
export function campaignName(problem: (name: string) => string | undefined): typeof base {
  const addressProblem = (value: Slug) => {
    const found = value.slug ? problem(value.slug) : undefined;
    return found === undefined ? undefined : `${ADDRESS}: ${found}`;
  };
  function NameInput(props: FormFieldInputProps<Slug>) {
    const Base = base.Input;
    const found = addressProblem(props.value);
    return (
      <div>
        <Base {...props} />
        {found && (
          <Text role="alert" color="critical">
            {found}
          </Text>
        )}
      </div>
    );
  }
  return {
    ...base,
    Input: NameInput,
    validate(value, extra) {
      const found = addressProblem(value);
      if (found) {
        recordProblem(WHERE, found);
        throw new Error(found);
      }
      return base.validate(value, extra);
    },
  };
}

/** The campaign page as its fields were last checked. */
const unnoted = () => ({ page: PAGE_PATHS[0], fields: {}, hide: [] });
let noted: { page: CampaignBase; fields: Record<string, string | undefined>; hide: string[] } = unnoted();
onFormCheck(() => {
  noted = unnoted();
});

type Group = ComponentSchema & { kind: 'object' | 'array'; fields?: Record<string, ComponentSchema> };

/** The form's fields, those the rules read noting their values as Keystatic checks them. */
export function notedCampaignFields(form: Record<string, ComponentSchema>): Record<string, ComponentSchema> {
  const words = form['fields'] as Group;
  const hide = form['hide'] as Group & { element: ComponentSchema };
  return {
    ...form,
    page: noting(
      form['page'],
      (value) => {
        noted.page = isPagePath(value) ? value : PAGE_PATHS[0];
      },
      'campaign page',
    ),
    fields: {
      ...words,
      fields: Object.fromEntries(
        Object.entries(words.fields ?? {}).map(([key, field]) => [
          key,
          noting(
            field,
            (value) => {
              noted.fields[key] = typeof value === 'string' && value.trim() !== '' ? value : undefined;
            },
            'campaign page',
          ),
        ]),
      ),
    } as ComponentSchema,
    hide: {
      ...hide,
      element: noting(hide.element, (value) => noted.hide.push(String(value)), 'campaign page'),
    } as ComponentSchema,
  };
}

/** The field after the others that runs the rules over the noted values; it holds and writes nothing. */
export const campaignRules: BasicFormField<null> = {
  kind: 'form',
  label: 'Rules across the campaign page',
  // Its refusals are listed with the others at the top of the form (save-problems.tsx).
  Input: () => null,
  defaultValue: () => null,
  parse: () => null,
  serialize: () => ({ value: undefined }),
  validate(value) {
    const lines = campaignProblems(noted).map(({ path, message }) => `${path.join('.')}: ${message}`);
    for (const line of lines) recordProblem(WHERE, line);
    if (lines.length > 0) throw new Error(lines.join('; '));
    return value;
  },
  reader: { parse: () => null },
};
