import { loadConfig } from './config';
import { startupNotes } from './startup-notes';

const messages = (env: NodeJS.ProcessEnv) =>
  startupNotes(loadConfig(env))
    .map((note) => note.message)
    .join('\n');

describe('start-up notes', () => {
  it('warn that the demo accounts, with published passwords, are loaded on the embedded database', () => {
    expect(messages({ NODE_ENV: 'production' })).toMatch(/Demo accounts with published passwords are loaded/);
  });

  it('say that a server database gets no demo accounts unless asked', () => {
    const text = messages({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/prod' });
    expect(text).toMatch(/Demo accounts are not loaded.*SEED_DEMO=true/);
    expect(text).not.toMatch(/are loaded \(/);
  });

  it('tell where the e-mail goes without a mail server, and say nothing of it with one', () => {
    expect(messages({ NODE_ENV: 'production' })).toMatch(/outbox.*admins/);
    expect(messages({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' })).not.toMatch(/outbox/);
  });
});
