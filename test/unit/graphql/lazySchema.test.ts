import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, test } from 'node:test';
import { KnownTypeNamesRule, buildSchema, getNamedType, isInputObjectType, isObjectType, parse, printSchema, printType, validate } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { runsOperation, suggestible, validateOperation } from '../../../server/src/core/graphql/operations/validate';
import type { RoleSchema } from '../../../server/src/core/graphql/operations/provider';
import { generateSchema, schemaGenerator } from '../../../server/src/core/graphql/schema/index';
import { LazySchema } from '../../../server/src/core/graphql/schema/lazy';
import { suggestionList } from 'graphql/jsutils/suggestionList';
import { ADMIN_SDL } from '../helpers/graphqlSchemas';
import { SCHEMAS, loadSchemasProject } from '../helpers/schemaFacts';
import { sharedFolder } from '../helpers/shared';

/** Every project of ../shared/schemas with its expected schema. */
const PROJECTS = fs
  .readdirSync(sharedFolder(SCHEMAS))
  .filter((d) => fs.existsSync(`${SCHEMAS}/${d}/expected`))
  .sort();

function lazy(schema: GraphQLSchema): LazySchema {
  assert.ok(schema instanceof LazySchema, 'the generator gives a lazy schema');
  return schema;
}

/** A role schema as the operations check sees it (nothing partial). */
function role(schema: GraphQLSchema): RoleSchema {
  return { role: 'admin', schema, partial: new Set() };
}

/** The problems of an operation as the check reports them: message, place, verdict. */
function problems(doc: string, schema: GraphQLSchema): string[] {
  return validateOperation(parse(doc), role(schema)).map((p) => `${p.verdict} ${p.span.start}-${p.span.end} ${p.message}`);
}

describe('the generated schema is collected lazily, and exactly', () => {
  for (const project of PROJECTS) {
    test(`${project}: every role's types, asked one by one, are the full schema's (every role from one generator)`, async () => {
      const { result, models } = await loadSchemasProject(project);
      const admin = generateSchema(result, models);
      assert.ok(admin.ok, admin.ok ? '' : admin.error);
      // Every role from one generator (the metadata and its catalog read once), each against its own generation.
      const generator = schemaGenerator(result, models);
      for (const name of admin.roles) {
        const full = generateSchema(result, models, { role: name });
        const fresh = generator(name);
        assert.ok(full.ok && fresh.ok);
        const types = full.schema.getTypeMap();
        const schema = lazy(fresh.schema);
        assert.equal(schema.completed, false, `${name}: nothing collected before it is asked`);
        // In graphql-js's order (each type after one that refers to it), each type's fields asked
        // for as validation would: every type is answered from what was reached, never by collecting all.
        for (const [typeName, type] of Object.entries(types)) {
          const found = schema.getType(typeName);
          assert.ok(found, `${name}: ${typeName}`);
          assert.equal(printType(found), printType(type), `${name}: ${typeName}`);
          assert.equal(schema.completed, false, `${name}: ${typeName} answered without collecting every type`);
        }
        // A name it does not have is said only after every type is collected: then the map is graphql-js's own.
        assert.equal(schema.getType('no_such_type'), undefined);
        assert.equal(schema.completed, true);
        assert.deepEqual(Object.keys(schema.getTypeMap()), Object.keys(types), `${name}: the same types in the same order`);
        assert.equal(printSchema(schema), printSchema(full.schema), `${name}: the same SDL`);
      }
    });
  }

  test('an operation validates on a lazy schema as on the full one, collecting only what it touches', async () => {
    const { result, models } = await loadSchemasProject('CubicLu__gh-pabau');
    const make = (): LazySchema => {
      const generated = generateSchema(result, models);
      assert.ok(generated.ok);
      return lazy(generated.schema);
    };
    const full = make();
    full.getTypeMap();
    const query = full.getQueryType()!.getFields();
    // A table's select root field (it can be inserted into) with relationships.
    const [rootField, table] = Object.entries(query)
      .filter(([name, f]) => String(f.type).startsWith('[') && full.getMutationType()!.getFields()[`insert_${name}`])
      .map(([name, f]) => [name, getNamedType(f.type)] as const)
      .find(([, t]) => isObjectType(t) && Object.values(t.getFields()).filter((f) => isObjectType(getNamedType(f.type))).length >= 2)!;
    assert.ok(isObjectType(table));
    const leaf = Object.values(table.getFields()).find((f) => f.args.length === 0 && !isObjectType(getNamedType(f.type)))!;
    const relation = Object.values(table.getFields()).find((f) => isObjectType(getNamedType(f.type)))!;
    const insert = full.getMutationType()!.getFields()[`insert_${rootField}`];
    assert.ok(insert, `insert_${rootField}`);
    const insertInput = getNamedType(insert.args.find((a) => a.name === 'objects')!.type);
    assert.ok(isInputObjectType(insertInput));
    // A nested input type: made only when the insert input's fields are.
    const nested = Object.values(insertInput.getFields())
      .map((f) => getNamedType(f.type))
      .find((t) => isInputObjectType(t) && t.name.endsWith('_rel_insert_input'));
    assert.ok(nested, 'an insert input with a relationship input');

    const valid = `query Q($where: ${rootField}_bool_exp, $limit: Int) { ${rootField}(where: $where, limit: $limit) { ${leaf.name} ${relation.name} { __typename } ...F } }
      fragment F on ${table.name} { ${leaf.name} }`;
    const operations: readonly [string, boolean][] = [
      // Valid, and invalid in the ways the check reports: all answered without collecting every type.
      [valid, false],
      [`query { ${rootField} { ${leaf.name}x } }`, false],
      [`query { ${rootField}(limit: "ten") { ${leaf.name} } }`, false],
      [`query { ${rootField}(wherex: {}) { ${leaf.name} } }`, false],
      [`query { ${rootField} }`, false],
      [`query { ${rootField} { ...G } } fragment G on query_root { __typename }`, false],
      [`subscription { ${rootField} { ${leaf.name} } a: ${rootField} { ${leaf.name} } }`, false],
      [`query ($w: ${rootField}_bool_exp!) { ${rootField}(where: $w) { ${leaf.name} } }`, false],
      // A mutation: its root's fields made when the variable's type is not reached from the query root.
      [`mutation ($o: [${insertInput.name}!]!) { insert_${rootField}(objects: $o) { affected_rows } }`, false],
      // A variable of a type no root field takes: found by collecting every type.
      [`mutation ($o: ${nested.name}) { __typename }`, true],
      // A type it does not have: graphql-js's rule reports it, with its suggestions from every type name.
      [`query ($w: ${rootField}_bool_expp) { ${rootField}(where: $w) { ${leaf.name} } }`, true],
      [`query { ${rootField} { ... on NoSuchType { id } } }`, true],
    ];
    // graphql-js keeps a thunk until someone asks for the fields (lazy.ts `made`).
    const mutationMade = (schema: LazySchema): boolean => typeof (schema.getMutationType() as unknown as { _fields: unknown })._fields !== 'function';
    for (const [doc, collects] of operations) {
      const schema = make();
      assert.deepEqual(problems(doc, schema), problems(doc, full), doc);
      assert.equal(schema.completed, collects, `${doc}: ${collects ? 'collects' : 'does not collect'} every type`);
      if (doc.startsWith('query') && !collects) assert.equal(mutationMade(schema), false, `${doc}: the mutation root's fields are not made for a query`);
    }
    assert.deepEqual(problems(valid, full), []);
    // Unknown types: graphql-js's own rule over every type name says the same.
    for (const doc of [`query ($w: ${rootField}_bool_expp, $v: ${table.name}_order) { __typename }`, `{ ... on ${rootField}x { __typename } }`]) {
      const own = validate(full, parse(doc), [KnownTypeNamesRule]).map((e) => e.message);
      assert.deepEqual(
        problems(doc, make()).map((p) => p.replace(/^\S+ \S+ /, '')),
        own,
      );
      assert.match(own[0]!, /Did you mean/);
    }
  });
});

describe('runsOperation: whether a role can run an operation, without its whole schema where that cannot change the answer', () => {
  test('the same answer as validateOperation on every role of the shared projects with roles', async () => {
    let undecidedFalse = 0;
    for (const project of ['CubicLu__gh-pabau', 'novaforgood__canopy__admin', 'bitcashorg__masterbots']) {
      const { result, models } = await loadSchemasProject(project);
      const admin = generateSchema(result, models);
      assert.ok(admin.ok);
      const roots = Object.entries(admin.schema.getQueryType()!.getFields()).filter(([, f]) => String(f.type).startsWith('['));
      // Per table: a select with a typed `where` variable, a fragment on its type, and a field of its.
      const docs = roots.slice(0, 12).flatMap(([name, f]) => {
        const type = getNamedType(f.type);
        assert.ok(isObjectType(type));
        const leaf = Object.values(type.getFields()).find((x) => x.args.length === 0 && !isObjectType(getNamedType(x.type)))?.name ?? '__typename';
        return [
          `query ($w: ${name}_bool_exp) { ${name}(where: $w) { ${leaf} } }`,
          `query { ${name} { ...F } } fragment F on ${type.name} { ${leaf} }`,
          `query ($w: ${name}_bool_exp) { __typename }`,
        ];
      });
      for (const role of admin.roles) {
        const full = generateSchema(result, models, { role });
        assert.ok(full.ok);
        full.schema.getTypeMap();
        for (const doc of docs) {
          const fresh = generateSchema(result, models, { role });
          assert.ok(fresh.ok);
          const answer = runsOperation(parse(doc), { role, schema: fresh.schema, partial: new Set() });
          assert.equal(answer, validateOperation(parse(doc), { role, schema: full.schema, partial: new Set() }).length === 0, `${project} ${role}: ${doc}`);
          if (!answer && !lazy(fresh.schema).completed) undecidedFalse++;
        }
      }
    }
    // Roles that lack a table: decided by the field they lack, the variable's type left undecided.
    assert.ok(undecidedFalse > 0, `${undecidedFalse}`);
  });
});

describe('suggestible: the type names graphql-js suggests for an unknown one', () => {
  test('exactly the names suggestionList suggests, over the type names of a shared schema and made-up ones', async () => {
    const names = [...Object.keys(buildSchema(ADMIN_SDL).getTypeMap())];
    const { result, models } = await loadSchemasProject('CubicLu__gh-pabau');
    const generated = generateSchema(result, models);
    assert.ok(generated.ok);
    names.push(...Object.keys(generated.schema.getTypeMap()));
    const all = [...names, 'author_aggregate', 'authors', 'Author', 'AUTHOR_bool_exp', 'rohtua', 'auhtor', 'a', 'ab', 'ba', 'xyz', 'Ünicode'];
    const inputs = ['author', 'athor', 'autor_bool_exp', 'author_bool_expp', 'Author', 'auhtor', 'article_bool', 'a', 'b', 'zz', 'author_order', 'tuaroh', 'x'];
    inputs.push(...names.slice(0, 400).map((n, i) => (i % 3 === 0 ? `${n}x` : i % 3 === 1 ? n.slice(1) : n.toUpperCase())));
    for (const input of inputs) {
      const kept = suggestible(input, all);
      // What the rule reports: the same suggestions in the same order.
      assert.deepEqual(suggestionList(input, kept), suggestionList(input, all), input);
      // ASCII names (every GraphQL name): exactly those; another is kept for graphql-js to measure.
      assert.deepEqual(new Set(kept.filter((n) => n !== 'Ünicode')), new Set(suggestionList(input, all)), input);
    }
    assert.deepEqual(suggestible('author', ['author_x', 'rohtua', 'AUTHOR', 'authorization', 'auhtor', 'xyz']), ['author_x', 'AUTHOR', 'auhtor']);
  });
});
