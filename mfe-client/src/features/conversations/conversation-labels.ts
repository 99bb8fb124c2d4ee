import type { I18n } from '@lingui/core';
import type { BaseIssue } from 'valibot';
import { CONVERSATION_MESSAGES, MESSAGE_MAX_LENGTH, type ConversationSummary, type Participant } from 'shared/contract';
import { dateTimeFormat } from 'shared/i18n';

/** The people of a conversation other than the reader. */
export function othersOf(conversation: Pick<ConversationSummary, 'participants'>, userId: string | undefined): Participant[] {
  return conversation.participants.filter((participant) => participant.id !== userId);
}

/**
 * The party the reader talks with, whom they can block: the specialist for
 * the owner, the owner for the specialist. The expert blocks nobody (they
 * join a contract's conversation to inspect, not to be chosen).
 */
export function counterpartOf(conversation: Pick<ConversationSummary, 'participants'>, userId: string | undefined): Participant | undefined {
  const me = conversation.participants.find((participant) => participant.id === userId);
  if (!me || me.role === 'expert') return undefined;
  return conversation.participants.find((participant) => participant.id !== userId && participant.role !== 'expert');
}

/** A calendar day in the reader's language, for the separators between days. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * Days and months as each language writes them ("dimanche 29 novembre", "Sunday, November 29"): the
 * label alone on its line starts with a capital only where the words themselves are lower case
 * ("Today", "Aujourd’hui"), never by capitalising every word.
 */
export function formatDay(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0 || days === 1) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day');
    return relative.charAt(0).toLocaleUpperCase(locale) + relative.slice(1);
  }
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

export function formatTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The time of the last message in the list: the hour today, the date before. */
export function formatListTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (dayKey(iso) === dayKey(now.toISOString())) return formatTime(iso, locale);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

/**
 * The contract's validation messages in the reader's language. Matched here
 * against the contract's own descriptors rather than through `fieldErrors`:
 * at run time `shared/schemas` may come from the shell, whose registry never
 * saw this remote's copy of the contract, and would leave them in English.
 */
export function issueTexts(issues: readonly BaseIssue<unknown>[], i18n: I18n): string[] {
  const values = { max: MESSAGE_MAX_LENGTH };
  const texts = issues.map((issue) => {
    const descriptor = Object.values(CONVERSATION_MESSAGES).find(
      (candidate) => issue.message === candidate.message.replace('{max}', String(values.max)),
    );
    return descriptor ? i18n._(descriptor.id, values, { message: descriptor.message }) : issue.message;
  });
  return [...new Set(texts)];
}
