/**
 * PostGIS's types as stand-ins, for migrations that create the extension (no PostGIS build runs
 * in the embedded Postgres beside pgvector): `geometry`, `geography`, `box2d` and `box3d` as base
 * types that keep their text and accept any type modifier (`geography(Point, 4326)`), so the
 * tables with such columns are created and the statements that follow them apply. They have no
 * functions or operators (`ST_*`, `<->`, GiST indexes): the statements that need those fail as
 * consequences of the extension (core/db/causes.ts). The types print without their modifiers.
 */

/** The schema of the stand-ins' input and output functions (left out of the model). */
export const POSTGIS_STUB_SCHEMA = '_gem_postgis_stub';

const TYPES = ['geometry', 'geography', 'box2d', 'box3d'];

/** The SQL that makes the stand-in types in `public` (their functions in POSTGIS_STUB_SCHEMA). */
export function postgisStandIns(): string {
  const s = POSTGIS_STUB_SCHEMA;
  return [
    `CREATE SCHEMA ${s}`,
    // Any modifier is accepted and none kept (-1): the column's type prints as the bare type name.
    `CREATE FUNCTION ${s}.typmod_in(cstring[]) RETURNS int4 LANGUAGE sql IMMUTABLE STRICT AS 'SELECT -1'`,
    ...TYPES.flatMap((t) => [
      `CREATE TYPE public.${t}`,
      `CREATE FUNCTION ${s}.${t}_in(cstring) RETURNS public.${t} AS 'textin' LANGUAGE internal IMMUTABLE STRICT`,
      `CREATE FUNCTION ${s}.${t}_out(public.${t}) RETURNS cstring AS 'textout' LANGUAGE internal IMMUTABLE STRICT`,
      `CREATE TYPE public.${t} (INPUT = ${s}.${t}_in, OUTPUT = ${s}.${t}_out, TYPMOD_IN = ${s}.typmod_in, LIKE = text)`,
    ]),
  ].join(';\n');
}
