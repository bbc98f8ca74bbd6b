import type { Finding } from '../diagnostics';
import { actionsSdl } from '../graphql/actionsSdl';
import type { ActionsSdl } from '../graphql/actionsSdl';
import { SDL_KEYWORD, yamlCustomTypes } from '../graphql/actionsYaml';
import type { YamlCustomType } from '../graphql/actionsYaml';
import { closest } from '../util/closest';
import { finding, related } from './rule';
import type { Rule } from './rule';

/**
 * Each custom type listed in actions.yaml is defined in actions.graphql with the matching keyword
 * (`custom_types.objects` -> `type`, `input_objects` -> `input`, `enums` -> `enum`, `scalars` -> `scalar`);
 * the CLI stops with "custom type X is not present in actions.graphql" otherwise. Types that only
 * actions.graphql defines are fine: the CLI takes them from there.
 */
export const customTypesDefined: Rule = {
  codes: ['custom-type-not-in-graphql'],
  reads: ['actions', 'actionsGraphql'],
  check: ({ project, walk }) => {
    const sdl = actionsSdl(project);
    if (sdl?.error) return [];
    return yamlCustomTypes(project, walk).flatMap((type) => check(type, sdl));
  },
};

function check(type: YamlCustomType, sdl: ActionsSdl | undefined): Finding[] {
  const name = type.name.name;
  const listed = `custom_types.${type.kind}`;
  if (!sdl)
    return [
      finding(
        'custom-type-not-in-graphql',
        'error',
        `Custom type \`${name}\` (${listed}) must be defined in actions.graphql, and there is no actions.graphql.`,
        type.name.loc,
        { data: { type: name, kind: type.kind } },
      ),
    ];
  const defs = sdl.types.filter((t) => t.name === name);
  if (defs.some((t) => t.kind === type.kind)) return [];
  const other = defs[0];
  if (other) {
    const message = `\`${name}\` is listed in ${listed}, but actions.graphql defines it as \`${SDL_KEYWORD[other.kind]} ${name}\`: list it in custom_types.${other.kind}, or define it as \`${SDL_KEYWORD[type.kind]} ${name}\`.`;
    return [
      finding('custom-type-not-in-graphql', 'error', message, type.name.loc, {
        related: [related({ file: sdl.file, span: other.span }, `\`${SDL_KEYWORD[other.kind]} ${name}\` in actions.graphql`)],
        data: { type: name, kind: type.kind, definedAs: other.kind },
      }),
    ];
  }
  const candidates = sdl.types.filter((t) => t.kind === type.kind);
  const guess = closest(
    name,
    candidates.map((t) => t.name),
  );
  const near = candidates.find((t) => t.name === guess);
  const message = `Custom type \`${name}\` (${listed}) is not defined in actions.graphql; add \`${SDL_KEYWORD[type.kind]} ${name}\` there (the CLI stops with "custom type ${name} is not present in actions.graphql").${guess ? ` Did you mean \`${guess}\`?` : ''}`;
  return [
    finding('custom-type-not-in-graphql', 'error', message, type.name.loc, {
      related: [
        related(
          { file: sdl.file, span: near ? near.span : { start: 0, end: 0 } },
          near ? `\`${SDL_KEYWORD[near.kind]} ${near.name}\` in actions.graphql` : 'actions.graphql',
        ),
      ],
      data: { type: name, kind: type.kind, ...(guess ? { suggestion: guess } : {}) },
    }),
  ];
}
