import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * server/db/schema.ts is written by hand (it says more than a generator could: which columns are
 * read-only, kept by triggers, enumerations). This test holds it to the migrated database: every
 * table and column on both sides, the same nullability, a TypeScript type of a family the database
 * type can produce, and no column left optional on insert that the database requires.
 */

const SCHEMA_FILE = path.join(import.meta.dirname, 'schema.ts');
// The migration runner's own bookkeeping: never read through Kysely.
const NOT_IN_SCHEMA = new Set(['schema_migrations']);

type Family = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'array';

// What the drivers hand back for each database type (pg with the int8 parser of client.ts, and PGlite).
const FAMILIES_OF: Record<string, Family[]> = {
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  'USER-DEFINED': ['string'], // enumerations
  integer: ['number'],
  smallint: ['number'],
  bigint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  // Decimal text on pg, a number on PGlite (schema.ts's Numeric).
  numeric: ['string', 'number'],
  boolean: ['boolean'],
  'timestamp with time zone': ['date'],
  'timestamp without time zone': ['date'],
  date: ['date'],
  jsonb: ['json', 'array'],
  json: ['json', 'array'],
  ARRAY: ['array'],
};

type Column = { nullable: boolean; families: string[]; optionalOnInsert: boolean };
type Tables = Record<string, Record<string, Column>>;

/** The tables of `interface DB` in schema.ts, read through the type checker (aliases, Generated and ColumnType resolved). */
function declaredTables(): Tables {
  const program = ts.createProgram([SCHEMA_FILE], {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const db = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB');
  if (!db) throw new Error('schema.ts has no interface DB');
  const members = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  // A ColumnType<Select, Insert, Update> (Generated<T> is one) is an object with these phantom properties.
  const part = (type: ts.Type, name: '__select__' | '__insert__') => {
    const symbol = type.getProperty(name);
    return symbol ? checker.getTypeOfSymbol(symbol) : type;
  };
  const familyOf = (type: ts.Type): string => {
    if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.TemplateLiteral)) return 'string';
    if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'number';
    if (type.flags & ts.TypeFlags.BooleanLiteral) return 'boolean';
    if (checker.isArrayType(type)) return 'array';
    if (type.getSymbol()?.name === 'Date') return 'date';
    if (type.flags & ts.TypeFlags.Object) return 'json';
    return checker.typeToString(type);
  };
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db))) {
    const columns: Record<string, Column> = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column);
      const select = members(part(type, '__select__'));
      const insert = members(part(type, '__insert__'));
      columns[column.name] = {
        nullable: select.some((t) => t.flags & ts.TypeFlags.Null),
        families: [...new Set(select.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Never))).map(familyOf))].sort(),
        optionalOnInsert: insert.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
      };
    }
    tables[table.name] = columns;
  }
  return tables;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function migratedTables() {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string; has_default: boolean }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(t.app.db);
  const tables: Record<string, Record<string, { nullable: boolean; dataType: string; hasDefault: boolean }>> = {};
  for (const row of rows) {
    if (NOT_IN_SCHEMA.has(row.table_name)) continue;
    (tables[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === 'YES', dataType: row.data_type, hasDefault: row.has_default };
  }
  return tables;
}

test('schema.ts declares exactly the migrated tables and columns, with their nullability and type families', async () => {
  const declared = declaredTables();
  const migrated = await migratedTables();

  const mismatches: string[] = [];
  for (const table of Object.keys(declared)) {
    if (!migrated[table]) mismatches.push(`${table}: in schema.ts, not in the database`);
  }
  for (const [table, columns] of Object.entries(migrated)) {
    const ourColumns = declared[table];
    if (!ourColumns) {
      mismatches.push(`${table}: in the database, not in schema.ts`);
      continue;
    }
    for (const name of Object.keys(ourColumns)) {
      if (!columns[name]) mismatches.push(`${table}.${name}: in schema.ts, not in the database`);
    }
    for (const [name, column] of Object.entries(columns)) {
      const where = `${table}.${name}`;
      const ours = ourColumns[name];
      if (!ours) {
        mismatches.push(`${where}: in the database, not in schema.ts`);
        continue;
      }
      if (ours.nullable !== column.nullable) {
        mismatches.push(`${where}: the database says ${column.nullable ? 'nullable' : 'not null'}, schema.ts ${ours.nullable ? 'nullable' : 'not null'}`);
      }
      const possible: string[] | undefined = FAMILIES_OF[column.dataType];
      if (!possible) {
        mismatches.push(`${where}: no TypeScript family known for the database type ${column.dataType} (add it to FAMILIES_OF)`);
      } else if (ours.families.length === 0 || ours.families.some((f) => !possible.includes(f))) {
        mismatches.push(`${where}: ${column.dataType} reads as ${possible.join(' or ')}, schema.ts says ${ours.families.join(' | ') || 'nothing'}`);
      }
      if (ours.optionalOnInsert && !column.nullable && !column.hasDefault) {
        mismatches.push(`${where}: optional on insert in schema.ts, but the database has no default for it`);
      }
    }
  }
  expect(mismatches).toEqual([]);
});
