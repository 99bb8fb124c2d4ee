import { createTestApp, type TestApp } from './test-app';
import { assignExpert, complete, createContract, createParties, fund, getContract, inspect, release, type EscrowParties } from './escrow-helpers';

let t: TestApp;
let parties: EscrowParties;
let contractId: string;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  contractId = await createContract(t.app, parties);
  await assignExpert(t.app, parties, contractId);
  const first = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
  await fund(t.app, parties.client, contractId, first);
  await complete(t.app, parties.contractor, contractId, first);
  await inspect(t.app, parties.expert, contractId, first);
  await release(t.app, parties.client, contractId, first);
});
afterAll(async () => t.close());

const csv = async (language: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/contracts/${contractId}/statement?format=csv`,
    headers: { ...parties.client.headers, 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.body.trim().split('\n');
};

describe('statement as CSV', () => {
  it('speaks French to a French reader: headers, movements and dates, with an ISO column kept for machines', async () => {
    const [header, funding, payout] = await csv('fr-FR,fr;q=0.9');
    expect(header).toBe('Date (UTC),Mouvement,Jalon,Montant,Solde,Devise,Horodatage ISO 8601');
    expect(funding).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},Paiement par carte sur le séquestre,1\. Foundations,1040000,1040000,XAF,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/,
    );
    expect(payout).toContain(',Versé à l’entrepreneur,');
    expect(payout).not.toContain('contractor_payout');
  });

  it('speaks English to an English reader', async () => {
    const [header, funding] = await csv('en');
    expect(header).toBe('Date (UTC),Movement,Milestone,Amount,Balance,Currency,ISO 8601 timestamp');
    expect(funding).toMatch(/^"\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}",Card payment into escrow,1\. Foundations,1040000,1040000,XAF,\d{4}-/);
  });
});
