/**
 * The browser editor's configuration (Keystatic): local mode by `npm run edit`, GitHub mode in the
 * hosted editor's build (editor/app/storage.ts). Its forms are made from the same field
 * declarations the build validates with (form-fields.ts). It saves to src/content/*.yaml and
 * src/assets/uploads/. A configuration only: the page is started by main.tsx.
 */
import { collection, config, singleton } from '@keystatic/core';
import type { ComponentSchema } from '@keystatic/core';
import PAGE_FILES from 'virtual:page-files';
import type { Field } from '../../src/content/fields.ts';
import {
  CONTENT_NAMES,
  contentFiles,
  contentPath,
  DATA_FILES,
  type ContentName,
} from '../../src/content/schemas.ts';
import { ANSWERED_PATHS } from '../../runtime/answered-paths.ts';
import { campaignNameProblem, takenNames } from '../../src/content/campaign-names.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { campaignBasesOf, campaignSchema } from '../../src/content/schemas/campaigns.ts';
import { checkedExperimentsSchema } from '../../src/content/schemas/experiments.ts';
import { openingCampaigns } from './opening-content.ts';
import { campaignName, campaignRules, notedCampaignFields } from './campaign-fields.tsx';
import { experimentRules, notedExperimentList } from './experiment-rules.tsx';
import { figures, objectFields, type Place } from './form-fields.ts';
import { resultsSingleton } from './results/field.tsx';
import { figuresHint } from './figures-hint.tsx';
import { saveProblems } from './save-problems.tsx';
import { editorStorage, previewUrl } from './storage.ts';

/**
 * The campaign pages as the editor opens (src/content/campaigns/*.yaml), each with its base page:
 * a split test may run on one (its Page offers them, its words are its base page's).
 */
const CAMPAIGNS = campaignBasesOf(openingCampaigns());

/** A file's fields, with the checks of rules that span several of them (the split tests'). */
function withRulesAcrossFields(name: ContentName, fields: Record<string, ComponentSchema>) {
  if (name !== 'experiments') return fields;
  const { experiments, ...rest } = fields;
  return {
    ...rest,
    experiments: notedExperimentList(experiments!, CAMPAIGNS),
    experimentRules: experimentRules(CAMPAIGNS),
  };
}

function dataFileSingleton(name: ContentName) {
  // The split tests' Page offers the campaign pages too.
  const root: Field = name === 'experiments' ? checkedExperimentsSchema(CAMPAIGNS) : contentFiles[name];
  const place: Place = {
    where: root.editor.label,
    path: root.editor.label,
    copy: name !== 'offer',
    ...(name === 'offer' && { token: '' }),
  };
  return singleton({
    label: root.editor.label,
    path: contentPath(name).replace(/\.yaml$/, ''),
    format: { data: 'yaml' },
    // A draft branch's preview, linked from the form (hosted editor with a host that makes previews).
    ...(previewUrl && { previewUrl }),
    // The list of what stopped a Save leads the form; it is never written to the file.
    schema: {
      saveProblems,
      // How copy quotes figures, once at the top of a page's form (never under each field).
      ...(place.copy && { figuresHint: figuresHint(figures) }),
      ...withRulesAcrossFields(name, objectFields(root, place)),
    },
  });
}

/** The site's routes (src/pages/'s files, named by the build) and the hosts': a campaign page may take none. */
const TAKEN_NAMES = takenNames(PAGE_FILES, ANSWERED_PATHS);

/** The campaign pages: one file each, named by its address (src/content/campaigns/podcast.yaml is /podcast). */
function campaignPages() {
  const { name: _name, ...form } = objectFields(campaignSchema, {
    where: campaignSchema.editor.label,
    path: campaignSchema.editor.label,
    copy: true,
  });
  return collection({
    label: 'Campaign pages',
    path: `${CAMPAIGN_FOLDER}/*`,
    slugField: 'name',
    format: { data: 'yaml' },
    schema: {
      saveProblems,
      name: campaignName((name) => campaignNameProblem(name, TAKEN_NAMES)),
      ...notedCampaignFields(form),
      campaignRules,
    },
  });
}

/** The editor's navigation: each data file of the registry under its group, then the campaign pages and Results. */
function navigation(): Record<string, (ContentName | 'campaigns' | 'results')[]> {
  const groups: Record<string, ContentName[]> = {};
  for (const name of CONTENT_NAMES) (groups[DATA_FILES[name].group] ??= []).push(name);
  return {
    ...groups,
    'Campaign pages': ['campaigns'],
    // What sells: split tests' figures, calls to action by section, real visitors' speed.
    Results: ['results'],
  };
}

export default config({
  storage: editorStorage,
  ui: { brand: { name: 'Build Equity site' }, navigation: navigation() },
  collections: { campaigns: campaignPages() },
  singletons: {
    ...(Object.fromEntries(CONTENT_NAMES.map((name) => [name, dataFileSingleton(name)])) as Record<
      ContentName,
      ReturnType<typeof dataFileSingleton>
    >),
    results: resultsSingleton,
  },
});
