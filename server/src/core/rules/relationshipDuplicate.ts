import { duplicates, finding, related, tableRule } from './rule';

const LABEL = { object: 'object relationship', array: 'array relationship', computed_field: 'computed field', remote: 'remote relationship' } as const;

/** One name used twice in a table across relationships, computed fields and remote relationships. */
export const relationshipNameDuplicate = tableRule({
  codes: ['relationship-name-duplicate'],
  checkTable: (t) =>
    duplicates(t.relationships, (r) => r.name.name).map(([first, again]) =>
      finding(
        'relationship-name-duplicate',
        'error',
        `\`${again.name.name}\` is already the name of ${article(LABEL[first.kind])} ${LABEL[first.kind]} of \`${t.key}\`; field names must be unique in a table.`,
        again.name.loc,
        {
          related: [related(first.name.loc, `The ${LABEL[first.kind]} \`${first.name.name}\``)],
          // Only the name: a list of the table's names in each finding made n findings cost n² (fuzz seed 777123 case 17626).
          data: { name: again.name.name },
        },
      ),
    ),
});

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}
