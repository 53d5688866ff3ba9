/**
 * Every PUBLIC_* setting, written once: its `astro:env` field (what the pages read, typed, and
 * what Astro validates) and the words of the one-line message naming it when it is wrong.
 * astro.config.ts hands `envSchema` to Astro; whatever reads the environment outside Astro's
 * runtime (integrations/build-settings.ts for the build's own steps, the tests' clean
 * environments) reads it through `readPublicEnv`, which checks each value by the same field
 * (a URL parses, an enum value is listed, a boolean is true or false) and applies its default.
 * As in astro:env, an empty variable is an unset one.
 */
import { envField } from 'astro/config';
import { ANALYTICS_PROVIDERS, type AnalyticsProvider } from '../src/config/analytics.ts';
import { DEFAULT_APP_URL, DEFAULT_SITE_URL } from '../src/config/production-urls.ts';

/** A field with its options' own types kept (a default's presence, an enum's values), for PublicEnv. */
const publicUrl = <const O extends { default?: string; optional?: boolean }>(options: O) =>
  envField.string({ context: 'client', access: 'public', url: true, ...options }) as ReturnType<
    typeof envField.string
  > &
    O;

/**
 * Each setting: its field, and for a URL what it must be, as the message says it ("must be …
 * (got "x")."). An enum's message lists its values; a boolean's says true or false.
 */
const SETTINGS = {
  PUBLIC_SITE_URL: {
    field: publicUrl({ default: DEFAULT_SITE_URL }),
    means: 'an absolute URL such as https://buildequity.com',
  },
  PUBLIC_APP_URL: {
    field: publicUrl({ default: DEFAULT_APP_URL }),
    means: 'an absolute URL such as https://app.buildequity.com',
  },
  PUBLIC_NEWSLETTER_EMBED_URL: {
    field: publicUrl({ optional: true }),
    means: 'an absolute URL such as https://newsletter.example.com/embed',
  },
  PUBLIC_NEWSLETTER_URL: {
    field: publicUrl({ default: 'https://newsletter.example.com/subscribe' }),
    means: 'an absolute URL such as https://newsletter.example.com/subscribe',
  },
  PUBLIC_ANALYTICS_PROVIDER: {
    field: envField.enum({
      context: 'client',
      access: 'public',
      values: [...ANALYTICS_PROVIDERS],
      default: 'none',
    }) as ReturnType<typeof envField.enum> & { values: AnalyticsProvider[]; default: 'none' },
  },
  PUBLIC_ANALYTICS_HOST: {
    field: publicUrl({ optional: true }),
    means: "the provider's origin, such as https://plausible.io",
  },
  PUBLIC_ANALYTICS_SITE_ID: {
    field: envField.string({ context: 'client', access: 'public', optional: true }),
  },
  PUBLIC_ANALYTICS_PROXY: {
    field: envField.boolean({ context: 'client', access: 'public', default: false }) as ReturnType<
      typeof envField.boolean
    > & { default: boolean },
  },
} as const;

type Settings = typeof SETTINGS;
export type PublicVariable = keyof Settings;

/** The schema Astro validates and the pages read through `astro:env/client`. */
export const envSchema = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, setting]) => [name, setting.field]),
) as { [Name in PublicVariable]: Settings[Name]['field'] };

/** Every PUBLIC_* variable the site reads, in the schema's order. */
export const PUBLIC_VARIABLES = Object.keys(SETTINGS) as PublicVariable[];

type Field = Settings[PublicVariable]['field'];
type ValueOf<F> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'enum'; values: infer Values extends readonly string[] }
    ? Values[number]
    : string;
type Defaulted<F> = F extends { default: unknown } ? never : undefined;

/** The settings as the pages see them: checked, defaults applied. */
export type PublicEnv = {
  [Name in PublicVariable]: ValueOf<Settings[Name]['field']> | Defaulted<Settings[Name]['field']>;
};

/** `a, b or c`. */
const either = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** The value, or the one-line message saying what it must be, by the field's own rule. */
function checked(name: PublicVariable, field: Field, value: string): string | boolean {
  const must = (what: string) => new Error(`${name} must be ${what} (got "${value}").`);
  if (field.type === 'boolean') {
    if (value !== 'true' && value !== 'false') throw must('true or false');
    return value === 'true';
  }
  if (field.type === 'enum') {
    if (!(field.values as readonly string[]).includes(value)) throw must(either(field.values));
    return value;
  }
  const setting = SETTINGS[name];
  if ('url' in field && field.url && !URL.canParse(value))
    throw must('means' in setting ? setting.means : 'an absolute URL');
  return value;
}

/**
 * The PUBLIC_* settings from an environment outside Astro (the shell's variables and the .env
 * files): each checked by its field, a bad one throwing a message that names it.
 */
export function readPublicEnv(env: Readonly<Record<string, string | undefined>>): PublicEnv {
  const read = PUBLIC_VARIABLES.map((name) => {
    const field: Field = SETTINGS[name].field;
    const value = env[name];
    const fallback = 'default' in field ? field.default : undefined;
    return [name, value ? checked(name, field, value) : fallback];
  });
  return Object.fromEntries(read) as PublicEnv;
}
