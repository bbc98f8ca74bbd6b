import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';
import { INCLUDE_TAG } from './include';

/** The yaml package's options for every metadata file (parseYamlFile, and the quick pack's value resolution). */
export const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  customTags: [{ tag: INCLUDE_TAG, resolve: (value: string) => value }],
  prettyErrors: false,
  // Duplicate keys are found by finishDocument (the same rule, in linear time).
  uniqueKeys: false,
  strict: true,
};
