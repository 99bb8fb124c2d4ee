import {
  CONTRACT_STATUSES,
  ContractViewSchema,
  DISPUTE_STATUSES,
  ESCROW_FILE_PURPOSES,
  FROZEN_REASONS,
  INSPECTION_DECISIONS,
  MILESTONE_STATUSES,
  MilestoneViewSchema,
} from 'shared/contract';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The values a column's CHECK constraint allows, as the database holds it (every migration applied). */
async function allowedValues(table: string, column: string): Promise<string[]> {
  const { rows } = await t.db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.conrelid = $1::regclass AND c.contype = 'c' AND cardinality(c.conkey) = 1 AND a.attname = $2`,
    [table, column],
  );
  const definition = rows.map((row) => row.definition).find((text) => /= ANY|IN \(/.test(text));
  if (!definition) throw new Error(`no list of values constrains ${table}.${column}`);
  return [...definition.matchAll(/'([^']+)'/g)].map((match) => match[1]!).sort();
}

describe('the escrow vocabulary', () => {
  it.each([
    ['milestones', 'status', MILESTONE_STATUSES],
    ['milestones', 'inspection_decision', INSPECTION_DECISIONS],
    ['contracts', 'status', CONTRACT_STATUSES],
    ['contracts', 'frozen_reason', FROZEN_REASONS],
    ['disputes', 'status', DISPUTE_STATUSES],
    ['escrow_files', 'purpose', ESCROW_FILE_PURPOSES],
  ])('of %s.%s is the list the API and the screens read from shared/contract', async (table, column, list) => {
    expect(await allowedValues(table, column)).toEqual([...list].sort());
  });
});

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

describe('the contract in the OpenAPI document', () => {
  it('publishes every field of a contract and of its milestones, from the one shared schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> }>>;
    };
    const contract = document.paths['/api/v1/contracts/{id}']!.get!.responses['200']!.content['application/json']!.schema;
    const adminContract = document.paths['/api/v1/admin/contracts/{id}']!.get!.responses['200']!.content['application/json']!.schema;
    const contractFields = Object.keys(ContractViewSchema.pipe[0].entries).sort();
    expect(Object.keys(contract.properties ?? {}).sort()).toEqual(contractFields);
    expect(Object.keys(adminContract.properties ?? {}).sort()).toEqual(contractFields);
    expect(Object.keys(contract.properties!.milestones!.items!.properties ?? {}).sort()).toEqual(
      Object.keys(MilestoneViewSchema.pipe[0].entries).sort(),
    );
  });
});
