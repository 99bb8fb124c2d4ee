import { HELD_MILESTONE_STATUSES } from 'shared/contract';
import type { Database, Queryable } from '../db/database';
import { addNotifications, type NewNotification } from '../marketplace/notifications';
import { RuleError } from '../plugins/error-handler';
import { contractMilestones, findContract } from './contracts';
import { releaseMilestone } from './operations';

/** The other party's time to answer a dispute (docs/product.md §9); past it, the dispute goes to arbitration. */
export const DISPUTE_ANSWER_DAYS = 14;

/** Reminders to the client before an auto-release, in days before its date. */
export const AUTO_RELEASE_REMINDER_DAYS = [7, 1] as const;

/** How long an admin has to arbitrate a dispute from its opening (docs/product.md §9: 6 weeks to 3 months). */
export const ARBITRATION_WINDOW = { from: '6 weeks', until: '3 months' } as const;

/** Reminders to the admins before the arbitration window closes, in days before it does. */
export const ARBITRATION_REMINDER_DAYS = [7, 1] as const;

/** How often the timers run: a date passes at most this late. */
export const ESCROW_TIMER_SCHEDULE = '*/5 * * * *';

const DAY_MS = 86_400_000;

/** Reminders to the expert before an insolvency estimate is due, in days before its date. */
export const ESTIMATE_REMINDER_DAYS = [7, 1] as const;

/**
 * What the admins are told: a dispute went to arbitration, its arbitration
 * window closes on `date`, or a contract's insolvency estimate was due on
 * `date` and is still missing.
 */
export type AdminNotice =
  | { kind: 'dispute_escalated'; disputeId: string; contractId: string; title: string }
  | { kind: 'arbitration_closing'; disputeId: string; contractId: string; title: string; date: Date }
  | { kind: 'estimate_late'; contractId: string; title: string; date: Date };

export interface EscrowTimerDeps {
  db: Database;
  /** Days after an insolvency is declared that the expert's estimates are due (`INSOLVENCY_ESTIMATE_DAYS`). */
  estimateDays: number;
  /** After commit: e-mails the notifications the timers recorded. */
  announce(notifications: NewNotification[]): void;
  /** After commit: tells the admins about disputes that are theirs to arbitrate. */
  tellAdmins(notices: AdminNotice[]): Promise<void>;
  /** Why a due auto-release was left for the client (a rule refused it). */
  onRefused?(milestoneId: string, error: RuleError): void;
}

export interface TimerReport {
  released: string[];
  reminded: string[];
  escalated: string[];
  arbitrationReminders: string[];
  /** Contracts whose expert was reminded of the estimates due. */
  estimateReminders: string[];
  /** Contracts whose estimates are late, reported to the admins. */
  lateEstimates: string[];
}

const escrowLink = (contractId: string) => `/main/escrow/${contractId}`;

async function projectTitle(db: Queryable, projectId: string): Promise<string> {
  const { rows } = await db.query<{ title: string }>('SELECT title FROM projects WHERE id = $1', [projectId]);
  return rows[0]?.title ?? '';
}

/** True the first time (subject, event) is recorded, false ever after. */
async function firstTime(db: Queryable, subjectId: string, event: string): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO escrow_timer_events (subject_id, event) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
    subjectId,
    event,
  ]);
  return rows.length > 0;
}

/**
 * True when one of the reminders (days before `at`) is due and was not sent
 * yet: the nearest one due counts, the ones before it are spent with it, so a
 * late run sends one reminder, not two.
 */
async function reminderDue(tx: Queryable, subjectId: string, event: string, reminderDays: readonly number[], at: Date, now: Date): Promise<boolean> {
  const daysLeft = (at.getTime() - now.getTime()) / DAY_MS;
  const due = [...reminderDays].sort((a, b) => a - b).filter((days) => daysLeft > 0 && daysLeft <= days);
  if (due.length === 0) return false;
  const [nearest, ...earlier] = due as [number, ...number[]];
  for (const days of earlier) await firstTime(tx, subjectId, `${event}_${days}`);
  return firstTime(tx, subjectId, `${event}_${nearest}`);
}

/**
 * Releases every approved milestone whose auto-release date has passed,
 * through the same operation as the client's release, under the same
 * contract lock: a release by the client racing it finds the milestone
 * released (or the other way round), so the money moves once.
 */
async function autoRelease(deps: EscrowTimerDeps, now: Date, report: TimerReport): Promise<void> {
  const { rows } = await deps.db.query<{ id: string; contract_id: string }>(
    `SELECT m.id, m.contract_id FROM milestones m JOIN contracts c ON c.id = m.contract_id
      WHERE m.status = 'approved' AND m.auto_release_at <= $1 AND c.status = 'active'
      ORDER BY m.auto_release_at`,
    [now],
  );
  for (const due of rows) {
    try {
      const sent = await deps.db.transaction(async (tx) => {
        const contract = await findContract(tx, due.contract_id, true);
        if (!contract || contract.status !== 'active') return [];
        const milestone = (await contractMilestones(tx, contract.id)).find((m) => m.id === due.id);
        // Released or disputed since the list was read.
        if (!milestone || milestone.status !== 'approved' || !milestone.auto_release_at || new Date(milestone.auto_release_at) > now) return [];
        const ctx = { tx, contract, title: await projectTitle(tx, contract.project_id) };
        // Written with the release; returned for the e-mails.
        const { notifications } = await releaseMilestone(ctx, milestone);
        return notifications;
      });
      if (sent.length > 0) {
        report.released.push(due.id);
        deps.announce(sent);
      }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      deps.onRefused?.(due.id, error);
    }
  }
}

/** Tells the client, once per reminder, the date an approved milestone will be released without them. */
async function remindAutoRelease(deps: EscrowTimerDeps, now: Date, report: TimerReport): Promise<void> {
  const furthest = Math.max(...AUTO_RELEASE_REMINDER_DAYS);
  const { rows } = await deps.db.query<{
    id: string;
    title: string;
    contract_id: string;
    client_id: string;
    project_id: string;
    auto_release_at: Date | string;
  }>(
    `SELECT m.id, m.title, m.contract_id, c.client_id, c.project_id, m.auto_release_at FROM milestones m JOIN contracts c ON c.id = m.contract_id
      WHERE m.status = 'approved' AND c.status = 'active' AND m.auto_release_at > $1 AND m.auto_release_at <= $2`,
    [now, new Date(now.getTime() + furthest * DAY_MS)],
  );
  for (const milestone of rows) {
    const releaseAt = new Date(milestone.auto_release_at);
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await reminderDue(tx, milestone.id, 'auto_release_reminder', AUTO_RELEASE_REMINDER_DAYS, releaseAt, now))) return [];
      const notification: NewNotification = {
        userId: milestone.client_id,
        kind: 'auto_release_reminder',
        data: {
          title: await projectTitle(tx, milestone.project_id),
          contract_id: milestone.contract_id,
          milestone: milestone.title,
          date: releaseAt.toISOString().slice(0, 10),
        },
        link: escrowLink(milestone.contract_id),
      };
      await addNotifications(tx, [notification]);
      return [notification];
    });
    if (sent.length > 0) {
      report.reminded.push(milestone.id);
      deps.announce(sent);
    }
  }
}

/**
 * A dispute still open when the other party's answer date passes goes to
 * arbitration: both parties are notified and the admins told, once (the
 * status change is the guard).
 */
async function escalateDisputes(deps: EscrowTimerDeps, now: Date, report: TimerReport): Promise<void> {
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT id FROM disputes WHERE status = 'open' AND opened_at + make_interval(days => $2) <= $1 ORDER BY opened_at`,
    [now, DISPUTE_ANSWER_DAYS],
  );
  const escalated: AdminNotice[] = [];
  for (const { id } of rows) {
    const result = await deps.db.transaction(async (tx) => {
      const { rows: changed } = await tx.query<{ contract_id: string }>(
        "UPDATE disputes SET status = 'mediation' WHERE id = $1 AND status = 'open' RETURNING contract_id",
        [id],
      );
      if (changed.length === 0) return undefined;
      const contract = (await findContract(tx, changed[0]!.contract_id))!;
      const title = await projectTitle(tx, contract.project_id);
      const notifications: NewNotification[] = [contract.client_id, contract.contractor_id].map((userId) => ({
        userId,
        kind: 'dispute_escalated',
        data: { title, contract_id: contract.id, dispute_id: id },
        link: escrowLink(contract.id),
      }));
      await addNotifications(tx, notifications);
      return { notifications, dispute: { kind: 'dispute_escalated' as const, disputeId: id, contractId: contract.id, title } };
    });
    if (!result) continue;
    report.escalated.push(id);
    deps.announce(result.notifications);
    escalated.push(result.dispute);
  }
  if (escalated.length > 0) await deps.tellAdmins(escalated);
}

/** Reminds the admins, 7 days and 1 day before, that a dispute's arbitration window closes. */
async function remindArbitration(deps: EscrowTimerDeps, now: Date, report: TimerReport): Promise<void> {
  const furthest = Math.max(...ARBITRATION_REMINDER_DAYS);
  const { rows } = await deps.db.query<{ id: string; contract_id: string; project_id: string; closes_at: Date | string }>(
    `SELECT d.id, d.contract_id, c.project_id, d.opened_at + interval '${ARBITRATION_WINDOW.until}' AS closes_at
       FROM disputes d JOIN contracts c ON c.id = d.contract_id
      WHERE d.status <> 'resolved' AND d.opened_at + interval '${ARBITRATION_WINDOW.until}' > $1
        AND d.opened_at + interval '${ARBITRATION_WINDOW.until}' <= $2`,
    [now, new Date(now.getTime() + furthest * DAY_MS)],
  );
  const notices: AdminNotice[] = [];
  for (const dispute of rows) {
    const closesAt = new Date(dispute.closes_at);
    const notice = await deps.db.transaction(async (tx) => {
      if (!(await reminderDue(tx, dispute.id, 'arbitration_reminder', ARBITRATION_REMINDER_DAYS, closesAt, now))) return undefined;
      const title = await projectTitle(tx, dispute.project_id);
      return { kind: 'arbitration_closing' as const, disputeId: dispute.id, contractId: dispute.contract_id, title, date: closesAt };
    });
    if (!notice) continue;
    report.arbitrationReminders.push(dispute.id);
    notices.push(notice);
  }
  if (notices.length > 0) await deps.tellAdmins(notices);
}

/**
 * A contractor's insolvency waits on the expert's estimates: the expert is
 * reminded 7 days and 1 day before they are due, and the admins are told
 * once when the date has passed with an estimate still missing.
 */
async function watchEstimates(deps: EscrowTimerDeps, now: Date, report: TimerReport): Promise<void> {
  const { rows } = await deps.db.query<{ id: string; expert_id: string; project_id: string; due_at: Date | string }>(
    `SELECT c.id, c.expert_id, c.project_id, i.declared_at + make_interval(days => $2) AS due_at
       FROM contracts c JOIN insolvencies i ON i.contractor_id = c.contractor_id
      WHERE c.status = 'frozen' AND c.frozen_reason = 'insolvency' AND c.settled_at IS NULL AND c.expert_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM milestones m WHERE m.contract_id = c.id AND m.status = ANY($3::text[]) AND m.estimate_owed IS NULL)
        AND i.declared_at + make_interval(days => $2) <= $1`,
    [new Date(now.getTime() + Math.max(...ESTIMATE_REMINDER_DAYS) * DAY_MS), deps.estimateDays, HELD_MILESTONE_STATUSES],
  );
  const late: AdminNotice[] = [];
  for (const contract of rows) {
    const dueAt = new Date(contract.due_at);
    await deps.db.transaction(async (tx) => {
      const title = await projectTitle(tx, contract.project_id);
      if (dueAt <= now) {
        if (await firstTime(tx, contract.id, 'estimate_late')) {
          report.lateEstimates.push(contract.id);
          late.push({ kind: 'estimate_late', contractId: contract.id, title, date: dueAt });
        }
        return;
      }
      if (!(await reminderDue(tx, contract.id, 'estimate_reminder', ESTIMATE_REMINDER_DAYS, dueAt, now))) return;
      const notification: NewNotification = {
        userId: contract.expert_id,
        kind: 'estimate_reminder',
        data: { title, contract_id: contract.id, date: dueAt.toISOString().slice(0, 10) },
        link: escrowLink(contract.id),
      };
      await addNotifications(tx, [notification]);
      report.estimateReminders.push(contract.id);
      deps.announce([notification]);
    });
  }
  if (late.length > 0) await deps.tellAdmins(late);
}

/**
 * The escrow rules that run on dates: auto-release of approved milestones
 * (with the client's reminders before it), the escalation of unanswered
 * disputes, the admins' reminders before an arbitration window closes, and
 * the insolvency estimates' reminders and lateness. `now` is the clock (tests move it); running twice at the same
 * moment, or on two instances at once, does each thing once.
 */
export async function runEscrowTimers(deps: EscrowTimerDeps, now: Date = new Date()): Promise<TimerReport> {
  const report: TimerReport = { released: [], reminded: [], escalated: [], arbitrationReminders: [], estimateReminders: [], lateEstimates: [] };
  await remindAutoRelease(deps, now, report);
  await autoRelease(deps, now, report);
  await escalateDisputes(deps, now, report);
  await remindArbitration(deps, now, report);
  await watchEstimates(deps, now, report);
  return report;
}
