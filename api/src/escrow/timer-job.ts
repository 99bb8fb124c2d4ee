import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M, ESCROW_API_MESSAGES as EM, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import type { AppConfig } from '../config';
import { DEFAULT_API_LOCALE, translatorFor } from '../i18n/server-i18n';
import { neutraliseLinks } from '../mail/plain-text';
import { escapeHtml } from '../mail/templates';
import { notificationMailer } from '../marketplace/notification-mail';
import { ESCROW_TIMER_SCHEDULE, runEscrowTimers, type AdminNotice, type EscrowTimerDeps } from './timers';

/** E-mails every admin (they have no in-app notifications) what the timers found about disputes. */
async function mailAdmins(app: FastifyInstance, publicUrl: string, notices: AdminNotice[]): Promise<void> {
  const { rows: admins } = await app.db.query<{ email: string; first_name: string }>('SELECT email, first_name FROM admins');
  const t = translatorFor(DEFAULT_API_LOCALE);
  for (const notice of notices) {
    const title = neutraliseLinks(notice.title);
    const subject =
      notice.kind === 'dispute_escalated'
        ? t(EM.notifyDisputeEscalated, { title })
        : t(notice.kind === 'arbitration_closing' ? EM.mailArbitrationClosing : EM.mailEstimateLate, {
            title,
            date: notice.date.toISOString().slice(0, 10),
          });
    const link =
      notice.kind === 'estimate_late' ? `${publicUrl}/admin/contracts/${notice.contractId}` : `${publicUrl}/admin/disputes/${notice.disputeId}`;
    for (const admin of admins) {
      const greeting = t(M.mailGreeting, { name: neutraliseLinks(admin.first_name) });
      const open = t(MM.mailOpenLink);
      await app.deliverMail({
        to: admin.email,
        subject,
        text: [greeting, '', subject, '', open, link].join('\n'),
        html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(subject)}</p><p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></body></html>`,
      });
    }
  }
}

/** What the escrow timers act through: the application's database, notification e-mails and admin mail. */
export function escrowTimerDeps(app: FastifyInstance, config: AppConfig): EscrowTimerDeps {
  return {
    db: app.db,
    estimateDays: config.escrow.insolvencyEstimateDays,
    announce: notificationMailer(app, config.publicUrl),
    tellAdmins: (notices) => mailAdmins(app, config.publicUrl, notices),
    onRefused: (milestoneId, error) => app.log.warn({ milestoneId, reason: error.message }, 'auto-release refused; left for the client'),
  };
}

/** The escrow timers as a scheduled job: one instance runs them every few minutes. */
export function defineEscrowTimers(app: FastifyInstance, config: AppConfig): void {
  app.jobs.define({
    name: 'escrow.timers',
    schedule: ESCROW_TIMER_SCHEDULE,
    run: async () => {
      const report = await runEscrowTimers(escrowTimerDeps(app, config));
      if (Object.values(report).some((ids) => ids.length > 0)) app.log.info({ report }, 'escrow timers fired');
    },
  });
}
