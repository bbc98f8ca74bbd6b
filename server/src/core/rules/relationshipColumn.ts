import { finding, related, tableRule } from './rule';

/** A relationship named like a column of its table (the columns the metadata itself reveals). */
export const relationshipNameConflictsColumn = tableRule({
  codes: ['relationship-name-conflicts-column'],
  checkTable: (t) =>
    t.relationships.flatMap((r) => {
      const uses = t.columns.get(r.name.name);
      if (!uses) return [];
      return [
        finding(
          'relationship-name-conflicts-column',
          'error',
          `\`${r.name.name}\` is also a column of \`${t.key}\`; a relationship may not share a column's name.`,
          r.name.loc,
          {
            related: uses.map((loc) => related(loc, `Column \`${r.name.name}\``)),
            data: { name: r.name.name },
          },
        ),
      ];
    }),
});
