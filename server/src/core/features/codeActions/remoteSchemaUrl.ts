import { isMap } from 'yaml';
import { findPair, keySpan } from '../../parse/ast';
import { Walk } from '../../project/index/walk';
import type { QuickFix, Fixer } from './types';
import { pairRemoval } from './yamlEdits';

/** remote-schema-url with both keys: keep `url` (drop `url_from_env`), or the other way round. */
export const keepOneUrl: Fixer = ({ finding, result }) => {
  if (!result || finding.data?.both !== true) return [];
  const walk = new Walk(result.project);
  for (const schema of result.index.remoteSchemas) {
    const definition = walk.get(schema.at, 'definition');
    const fromEnv = findPair(definition.node, 'url_from_env');
    if (!fromEnv || definition.file !== finding.file || keySpan(fromEnv).start !== finding.span.start || !isMap(definition.node)) continue;
    const map = definition.node;
    const text = result.project.files.get(definition.file)?.text ?? '';
    const keep = (key: 'url' | 'url_from_env', drop: 'url' | 'url_from_env'): QuickFix => ({
      title: `Keep \`${key}\` (remove \`${drop}\`)`,
      change: { edits: [{ file: definition.file, span: pairRemoval(text, map, findPair(map, drop)!), newText: '' }], files: [] },
    });
    return [keep('url', 'url_from_env'), keep('url_from_env', 'url')];
  }
  return [];
};
