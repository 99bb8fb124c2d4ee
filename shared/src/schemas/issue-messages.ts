import type { MessageDescriptor } from '@lingui/core';
import type { BaseIssue } from 'valibot';
import { getDotPath } from 'valibot';

/**
 * Valibot issues carry plain strings. A schema message is the English text
 * with its values filled in ("Minimum amount of characters is 8."), which is
 * readable as is; this registry remembers which descriptor and values produced
 * each string so that either side can translate it afterwards.
 */
const registry = new Map<string, MessageDescriptor>();

function render(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Returns the English message for a schema issue and registers it for translation. */
export function issueMessage(descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  const english = render(descriptor.message ?? descriptor.id, values ?? {});
  if (!registry.has(english)) registry.set(english, values ? { ...descriptor, values } : descriptor);
  return english;
}

/** The descriptor behind a schema message, or undefined for any other text (a server's translated message). */
export function descriptorFor(message: string): MessageDescriptor | undefined {
  return registry.get(message);
}

/** Translates a message the schemas produced; any other text is returned unchanged. */
export type Translate = (descriptor: MessageDescriptor) => string;

export function translateMessage(message: string, translate: Translate): string {
  const descriptor = descriptorFor(message);
  return descriptor ? translate(descriptor) : message;
}

export type FieldErrorMap = Record<string, string[]>;

/**
 * Turns valibot issues into the API's `{ field: [messages] }` shape, translated
 * with `translate` (the front end passes `i18n._`, the API its request's i18n).
 * Issues without a path (a wrong body type) land on `_`.
 */
export function fieldErrors(issues: readonly BaseIssue<unknown>[], translate?: Translate): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const issue of issues) {
    const field = getDotPath(issue) ?? '_';
    const text = translate ? translateMessage(issue.message, translate) : issue.message;
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}
