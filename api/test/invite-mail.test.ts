import LinkifyIt from 'linkify-it';
import { createTestApp, type TestApp } from './test-app';
import { latestMail, RELAXED_LIMITS, uniqueEmail } from './accounts-helpers';
import { createClient, createSpecialist } from './marketplace-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { ...RELAXED_LIMITS, invitesPerDay: 3 }, publicUrl: 'https://fundament.example' });
});
afterAll(async () => t.close());

const invite = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/invites', headers, payload });

/** Every link a mail client would make clickable in a text. */
const linksIn = (text: string) => (new LinkifyIt().match(text) ?? []).map((match) => match.url);

describe('invitation e-mails', () => {
  it('keep the inviter’s text plain: no live link, no markup, in the HTML and the text part', async () => {
    const client = await createClient(t.app, t.db, 'Phil <b>http://evil.example/login</b>');
    const to = uniqueEmail('friend');
    const message =
      'Urgent: sign in at https://evil.example/fundament-login or www.evil-site.com, pay.evil.net/now, <a href="https://evil.example">here</a>';
    expect((await invite(client.headers, { email: to, message })).statusCode).toBe(201);
    const mail = await latestMail(t.app, to);
    expect(mail).toBeDefined();
    // Only the platform's own link is a link.
    expect(linksIn(mail!.text).every((url) => url.startsWith('https://fundament.example/'))).toBe(true);
    expect(linksIn(mail!.subject)).toEqual([]);
    const hrefs = [...mail!.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(['https://fundament.example/sign-up-specialists']);
    const visibleHtml = mail!.html.replace(/<[^>]*>/g, ' ');
    expect(linksIn(visibleHtml).every((url) => url.startsWith('https://fundament.example/'))).toBe(true);
    expect(mail!.html).not.toContain('<b>');
    // The words are still there for the reader.
    expect(mail!.text).toContain('Urgent: sign in at');
    expect(mail!.text).toContain('evil');
  });

  it('to a specialist quote the project title and the inviter’s name without live links either', async () => {
    const client = await createClient(t.app, t.db, 'Phil www.evil.com');
    const specialist = await createSpecialist(t.app, t.db, { first_name: 'Sandra' });
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: client.headers,
      payload: {
        title: 'Kitchen, pay at evil.com/pay',
        description: 'Full kitchen renovation with new cabinets and tiling.',
        category: 'kitchen',
        country: 'CM',
        city: 'Douala',
        currency: 'XAF',
      },
    });
    expect(project.statusCode).toBe(201);
    expect((await invite(client.headers, { project_id: project.json().id, specialist_id: specialist.id })).statusCode).toBe(201);
    // Notification e-mails go out after the commit, on their own.
    let mail = await latestMail(t.app, specialist.email);
    for (let i = 0; i < 50 && !mail?.subject.includes('invites you'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mail = await latestMail(t.app, specialist.email);
    }
    expect(mail?.subject).toContain('invites you to quote on');
    expect(linksIn(mail!.subject)).toEqual([]);
    expect(linksIn(mail!.text).every((url) => url.startsWith('https://fundament.example/'))).toBe(true);
    const visibleHtml = mail!.html.replace(/<[^>]*>/g, ' ');
    expect(linksIn(visibleHtml).every((url) => url.startsWith('https://fundament.example/'))).toBe(true);
  });

  it('are limited per inviter and day', async () => {
    const client = await createClient(t.app, t.db);
    for (let i = 0; i < 3; i += 1) expect((await invite(client.headers, { email: uniqueEmail('friend') })).statusCode).toBe(201);
    const refused = await invite(client.headers, { email: uniqueEmail('friend') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You have sent as many invitations as allowed today. Please try again tomorrow.');
    // Another inviter is not affected.
    const other = await createClient(t.app, t.db, 'Bella');
    expect((await invite(other.headers, { email: uniqueEmail('friend') })).statusCode).toBe(201);
  });
});
