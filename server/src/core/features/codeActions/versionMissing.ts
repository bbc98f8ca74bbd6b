import { join } from '../../util/paths';
import type { Fixer } from './types';

/** version-missing: create version.yaml with `version: 3` next to databases/. */
export const createVersionFile: Fixer = ({ finding }) => {
  const root = typeof finding.data?.root === 'string' ? finding.data.root : undefined;
  if (root === undefined) return [];
  return [
    {
      title: 'Create version.yaml (`version: 3`)',
      change: { edits: [], files: [{ kind: 'create', file: join(root, 'version.yaml'), text: 'version: 3\n' }] },
      preferred: true,
    },
  ];
};
