import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { parse, visit } from 'graphql';
import { readSdlDefinitions } from '../../../server/src/core/sync/sdlRead';
import { CORPUS } from '../helpers/corpus';

/**
 * Descriptions in actions.graphql as an independent converter reads them: graphql-js (which the engine
 * CLI's converter uses) applies the spec's BlockStringValue, keeping `""" text """`'s spaces.
 */
function graphqlJsDescriptions(text: string): string[] {
  const out: string[] = [];
  const add = (parent: string, node: { name: { value: string }; description?: { value: string } | undefined }): void => {
    out.push(`${parent}.${node.name.value}: ${JSON.stringify(node.description?.value ?? null)}`);
  };
  visit(parse(text), {
    ObjectTypeDefinition: (def) => {
      const root = def.name.value === 'Query' || def.name.value === 'Mutation';
      for (const field of def.fields ?? []) {
        if (root) for (const arg of field.arguments ?? []) add(field.name.value, arg);
        else add(def.name.value, field);
      }
    },
    ObjectTypeExtension: (def) => {
      if (def.name.value === 'Query' || def.name.value === 'Mutation')
        for (const field of def.fields ?? []) for (const arg of field.arguments ?? []) add(field.name.value, arg);
    },
    InputObjectTypeDefinition: (def) => (def.fields ?? []).forEach((f) => add(def.name.value, f)),
    EnumTypeDefinition: (def) => (def.values ?? []).forEach((v) => add(def.name.value, v)),
  });
  return out.sort();
}

function ourDescriptions(text: string): string[] {
  const defs = readSdlDefinitions(text)!;
  return [
    ...defs.actions.flatMap((a) => a.arguments.map((arg) => `${a.name}.${arg.name}: ${JSON.stringify(arg.description)}`)),
    ...defs.types.flatMap((t) => t.fields.map((f) => `${t.name}.${f.name}: ${JSON.stringify(f.description)}`)),
  ].sort();
}

describe('actions.graphql descriptions read as graphql-js reads them', () => {
  const projects = fs.readdirSync(CORPUS).filter((p) => fs.existsSync(path.join(CORPUS, p, 'metadata', 'actions.graphql')));
  test('the corpus has actions.graphql files to compare', () => {
    assert.ok(projects.length >= 20);
  });
  for (const project of projects) {
    test(project, () => {
      const text = fs.readFileSync(path.join(CORPUS, project, 'metadata', 'actions.graphql'), 'utf8');
      if (text.trim() === '') return assert.deepEqual(ourDescriptions(text), []);
      assert.deepEqual(ourDescriptions(text), graphqlJsDescriptions(text));
    });
  }
  test('the same on descriptions of every form: block strings with inner spaces, indentation, quotes, escapes', () => {
    const text = [
      'type Mutation {',
      '  a(',
      '    """ ISO 8601 date string, e.g. 2024-01-01 """',
      '    d: String',
      '    """',
      '      two',
      '        lines',
      '',
      '    """',
      '    e: Int',
      '    " plain, with \\"quotes\\" and \\u00e9 "',
      '    f: Int',
      '  ): String',
      '}',
      'enum Color {',
      '  """  RED  """ RED',
      '}',
      'input In {',
      '  """\ttab first"""',
      '  x: Int',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(ourDescriptions(text), graphqlJsDescriptions(text));
  });
  test('a block string keeps the spaces inside its quotes and drops common indentation', () => {
    const text =
      'type Mutation {\n  a(\n    """ ISO 8601 date string, e.g. 2024-01-01 """\n    d: String\n    """\n      two\n        lines\n    """\n    e: Int\n  ): String\n}\n';
    assert.deepEqual(ourDescriptions(text), ['a.d: " ISO 8601 date string, e.g. 2024-01-01 "', 'a.e: "two\\n  lines"']);
  });
});
