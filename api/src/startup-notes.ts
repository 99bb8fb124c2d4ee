import type { AppConfig } from './config';

export interface StartupNote {
  level: 'info' | 'warn';
  message: string;
}

/** What the start-up log says about settings with security weight: demo accounts and where e-mail goes. */
export function startupNotes(config: AppConfig): StartupNote[] {
  const notes: StartupNote[] = [];
  // The demo accounts' passwords are in the README: whoever runs the server should know they are there.
  if (config.seedDemo) {
    notes.push({
      level: 'warn',
      message: 'Demo accounts with published passwords are loaded (README); set SEED_DEMO=false on an instance others can reach',
    });
  } else if (config.databaseUrl) {
    notes.push({ level: 'info', message: 'Demo accounts are not loaded on a PostgreSQL server database; set SEED_DEMO=true to load them' });
  }
  if (config.devOutbox) {
    notes.push({ level: 'info', message: 'No SMTP_URL: e-mail is kept in the outbox, readable by signed-in admins at /admin/outbox' });
  }
  return notes;
}
