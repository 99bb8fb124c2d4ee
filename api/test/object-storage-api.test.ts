import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createTestApp, type TestApp } from './test-app';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields, type Person } from './marketplace-helpers';
import { adminCall, adminToken, insertUser, multipartFile, PNG_BYTES } from './admin-helpers';
import { bearer } from './accounts-helpers';
import { multipart as photoForm, png } from './images';
import { complete, createContract, createParties, fund, getContract, PNG_BYTES as SITE_PNG, type EscrowParties } from './escrow-helpers';
import { startS3Server, type TestS3Server } from './object-storage-server';

// Every upload of the API goes to an S3 bucket on a real S3-protocol server.
let s3: TestS3Server;
let t: TestApp;
let localFolder: string;
let client: Person;
let otherClient: Person;
let contractor: Person;

beforeAll(async () => {
  s3 = await startS3Server();
  localFolder = mkdtempSync(path.join(tmpdir(), 'fundament-unused-'));
  t = await createTestApp({ objectStorage: s3.settings, uploadsDir: localFolder });
  client = await createClient(t.app, t.db, 'Amina');
  otherClient = await createClient(t.app, t.db, 'Brice');
  contractor = await createSpecialist(t.app, t.db, { first_name: 'Paul' });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
  rmSync(localFolder, { recursive: true, force: true });
});

async function contentTypeInBucket(key: string): Promise<string | undefined> {
  return (await s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key }))).ContentType;
}

/** Makes the next write of `table` fail in the database, as a lost connection or a violated rule would. */
async function failWritesTo(table: string, when = 'true', events = 'INSERT OR UPDATE'): Promise<() => Promise<void>> {
  await t.db.exec(`
    CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'write refused by the test'; END $$;
    CREATE TRIGGER refuse_write BEFORE ${events} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION refuse_write();
  `);
  return async () => t.db.exec(`DROP TRIGGER refuse_write ON ${table}; DROP FUNCTION refuse_write();`);
}

describe('project documents in the bucket', () => {
  let projectId: string;
  let documents: { id: string; file_name: string; download_url: string }[];

  it('stores the uploaded documents as objects of their real type, nothing on the local disk', async () => {
    expect(t.app.objectStore.kind).toBe('s3');
    const body = multipart([
      ...projectFields(),
      { name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
      { name: 'documents', file: { name: 'site photo.png', type: 'image/png', data: PNG_BYTES } },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: body.payload,
      headers: { ...body.headers, ...client.headers },
    });
    expect(response.statusCode).toBe(201);
    projectId = response.json().id;
    documents = response.json().documents;
    const { rows } = await t.db.query<{ stored_name: string; file_name: string }>(
      'SELECT stored_name, file_name FROM project_documents WHERE project_id = $1 ORDER BY file_name',
      [projectId],
    );
    expect(rows).toHaveLength(2);
    expect(await s3.keys('documents/')).toEqual(rows.map((row) => `documents/${row.stored_name}`).sort());
    expect(await contentTypeInBucket(`documents/${rows[0]!.stored_name}`)).toBe('application/pdf');
    expect(await contentTypeInBucket(`documents/${rows[1]!.stored_name}`)).toBe('image/png');
    expect(readdirSync(localFolder)).toEqual([]);
  });

  it('streams a document back with the same bytes and the same download headers', async () => {
    const pdf = documents.find((document) => document.file_name === 'plan.pdf')!;
    const download = await t.app.inject({ method: 'GET', url: pdf.download_url, headers: contractor.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(download.headers['content-disposition']).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const image = documents.find((document) => document.file_name === 'site photo.png')!;
    const own = await t.app.inject({ method: 'GET', url: image.download_url, headers: client.headers });
    expect(own.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('refuses the download to anyone the project is not shown to', async () => {
    const pdf = documents.find((document) => document.file_name === 'plan.pdf')!;
    const stranger = await t.app.inject({ method: 'GET', url: pdf.download_url, headers: otherClient.headers });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.rawPayload.includes(PDF_BYTES)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: pdf.download_url })).statusCode).toBe(401);
  });

  it('answers 404, not an error, when the object has gone from the bucket', async () => {
    const added = multipart([{ name: 'documents', file: { name: 'lost.pdf', type: 'application/pdf', data: PDF_BYTES } }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      payload: added.payload,
      headers: { ...added.headers, ...client.headers },
    });
    const lost = (response.json().data as { id: string; file_name: string; download_url: string }[]).find(
      (document) => document.file_name === 'lost.pdf',
    )!;
    const { rows } = await t.db.query<{ stored_name: string }>('SELECT stored_name FROM project_documents WHERE id = $1', [lost.id]);
    await t.app.objectStore.delete(`documents/${rows[0]!.stored_name}`);
    const download = await t.app.inject({ method: 'GET', url: lost.download_url, headers: client.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBe('This document does not exist.');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${projectId}/documents/${lost.id}`, headers: client.headers });
  });

  it('deletes the object with the document', async () => {
    const before = await s3.keys('documents/');
    const extra = multipart([{ name: 'documents', file: { name: 'extra.png', type: 'image/png', data: PNG_BYTES } }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      payload: extra.payload,
      headers: { ...extra.headers, ...client.headers },
    });
    expect(added.statusCode).toBe(201);
    const document = (added.json().data as { id: string; file_name: string }[]).find((item) => item.file_name === 'extra.png')!;
    expect(await s3.keys('documents/')).toHaveLength(before.length + 1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${projectId}/documents/${document.id}`, headers: client.headers });
    expect(removed.statusCode).toBe(204);
    expect(await s3.keys('documents/')).toEqual(before);
  });

  it('leaves no object behind when the database refuses the document', async () => {
    const before = await s3.keys('documents/');
    const restore = await failWritesTo('project_documents');
    try {
      const extra = multipart([{ name: 'documents', file: { name: 'extra.pdf', type: 'application/pdf', data: PDF_BYTES } }]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/documents`,
        payload: extra.payload,
        headers: { ...extra.headers, ...client.headers },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await s3.keys('documents/')).toEqual(before);
  });
});

describe('profile photos in the bucket', () => {
  const upload = (data: Buffer, name: string, type: string) => {
    const body = photoForm('photo', name, type, data);
    return t.app.inject({ method: 'POST', url: '/api/v1/auth/me/photo', payload: body.payload, headers: { ...body.headers, ...client.headers } });
  };

  it('stores the photo, serves it with its headers, and deletes the one it replaces', async () => {
    const image = png(40, 20);
    const first = await upload(image, 'me.png', 'image/png');
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().photo_url as string;
    const firstName = firstUrl.split('/').pop()!;
    expect(await s3.keys('photos/')).toEqual([`photos/${firstName}`]);
    expect(await contentTypeInBucket(`photos/${firstName}`)).toBe('image/png');
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(image.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>'),
      'me.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(200);
    const svgName = (svg.json().photo_url as string).split('/').pop()!;
    expect(await s3.keys('photos/')).toEqual([`photos/${svgName}`]);
    const servedSvg = await t.app.inject({ method: 'GET', url: svg.json().photo_url });
    expect(servedSvg.headers['content-type']).toBe('image/svg+xml');
    expect(servedSvg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(servedSvg.body).toContain('<rect');
  });

  it('leaves no object behind when the database refuses the new photo', async () => {
    const before = await s3.keys('photos/');
    const restore = await failWritesTo('users', 'NEW.photo_file IS DISTINCT FROM OLD.photo_file', 'UPDATE');
    try {
      expect((await upload(png(10, 10), 'me.png', 'image/png')).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await s3.keys('photos/')).toEqual(before);
  });
});

describe('verification evidence in the bucket', () => {
  it('stores it for admins only, and leaves no object behind when the database refuses it', async () => {
    const call = adminCall(t.app, await adminToken(t.app, t.db));
    const id = await insertUser(t.db, { email: 'builder.evidence@example.com', account_type: 'specialist', specialist_kind: 'contractor' });
    const upload = multipartFile('file', 'register.png', 'image/png', PNG_BYTES);
    const response = await call('POST', `/admin/users/${id}/checks/identity_register/evidence`, upload.payload, upload.headers);
    expect(response.statusCode).toBe(201);
    const [item] = response.json().verification.checks[0].evidence;
    expect(await s3.keys('evidence/')).toHaveLength(1);
    const url = `/admin/users/${id}/checks/identity_register/evidence/${item.id}`;
    const download = await call('GET', url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="register.png"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: client.headers })).statusCode).toBe(401);

    const restore = await failWritesTo('verification_evidence');
    try {
      const again = multipartFile('file', 'register-2.png', 'image/png', PNG_BYTES);
      expect((await call('POST', `/admin/users/${id}/checks/identity_register/evidence`, again.payload, again.headers)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await s3.keys('evidence/')).toHaveLength(1);
  });
});

describe('contract files in the bucket', () => {
  let parties: EscrowParties;

  it('stores a milestone photo and serves it only to the parties', async () => {
    parties = await createParties(t.app, t.db, 'S3');
    const contractId = await createContract(t.app, parties);
    const milestone = (await getContract(t.app, parties.client, contractId)).milestones[0]!;
    expect((await fund(t.app, parties.client, contractId, milestone.id)).statusCode).toBe(200);
    const before = await s3.keys('escrow/');
    const done = await complete(t.app, parties.contractor, contractId, milestone.id);
    expect(done.statusCode).toBe(200);
    const [photo] = done.json().milestones[0].photos as { url: string }[];
    expect(await s3.keys('escrow/')).toHaveLength(before.length + 1);
    const served = await t.app.inject({ method: 'GET', url: photo!.url, headers: parties.client.headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SITE_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="site.png"/);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await t.app.inject({ method: 'GET', url: photo!.url, headers: otherClient.headers })).statusCode).toBe(404);
  });
});

describe('a bucket that stops answering', () => {
  it('fails an upload without a row pointing at a missing object, and still deletes a document', async () => {
    const project = multipart(projectFields({ title: 'Roof repair in Akwa' }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: project.payload,
      headers: { ...project.headers, ...client.headers },
    });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().id as string;
    const kept = multipart([{ name: 'documents', file: { name: 'plan.pdf', type: 'application/pdf', data: PDF_BYTES } }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      payload: kept.payload,
      headers: { ...kept.headers, ...client.headers },
    });
    const planId = (added.json().data as { id: string }[])[0]!.id;
    await s3.stop();
    // Deleting needs the database only: the object left over is logged, the owner's request still succeeds.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/projects/${projectId}/documents/${planId}`, headers: client.headers });
    expect(removed.statusCode).toBe(204);
    const extra = multipart([{ name: 'documents', file: { name: 'quote.pdf', type: 'application/pdf', data: PDF_BYTES } }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/documents`,
      payload: extra.payload,
      headers: { ...extra.headers, ...client.headers },
    });
    expect(response.statusCode).toBe(500);
    const { rows } = await t.db.query('SELECT 1 FROM project_documents WHERE project_id = $1', [projectId]);
    expect(rows).toEqual([]);
    const photo = photoForm('photo', 'me.png', 'image/png', png(10, 10));
    const before = (await t.db.query<{ photo_file: string }>('SELECT photo_file FROM users WHERE id = $1', [client.id])).rows[0]!.photo_file;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/me/photo',
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(client.token) },
    });
    expect(failed.statusCode).toBe(500);
    expect((await t.db.query<{ photo_file: string }>('SELECT photo_file FROM users WHERE id = $1', [client.id])).rows[0]!.photo_file).toBe(before);
  });
});
