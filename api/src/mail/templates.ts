import { API_MESSAGES as M, SECURITY_API_MESSAGES as SM, SOCIAL_API_MESSAGES as S } from 'shared/messages';
import type { Translator } from '../i18n/server-i18n';
import type { MailMessage } from './mailer';

/** Text placed in an e-mail's HTML body. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface LinkMail {
  to: string;
  name: string;
  link: string;
  subject: string;
  intro: string;
  action: string;
  expiry: string;
}

function linkMail(t: Translator, mail: LinkMail): MailMessage {
  const greeting = t(M.mailGreeting, { name: mail.name });
  const ignore = t(M.mailIgnore);
  const signature = t(M.mailSignature);
  const text = [greeting, '', mail.intro, mail.link, '', mail.expiry, ignore, '', signature].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; color: #1d2433; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(mail.intro)}</p>`,
    `<p><a href="${escapeHtml(mail.link)}" style="display: inline-block; padding: 10px 16px; background: #1f4e79; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(mail.action)}</a></p>`,
    `<p style="word-break: break-all"><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`,
    `<p>${escapeHtml(mail.expiry)}<br>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: mail.to, subject: mail.subject, text, html };
}

export function verificationMail(t: Translator, to: string, name: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(M.verifySubject),
    intro: t(M.verifyIntro),
    action: t(M.verifyAction),
    expiry: t(M.verifyExpiry),
  });
}

export function resetPasswordMail(t: Translator, to: string, name: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(M.resetSubject),
    intro: t(M.resetIntro),
    action: t(M.resetAction),
    expiry: t(M.resetExpiry),
  });
}

/** Asks the owner of a verified account to confirm a provider identity that has its address. */
export function socialLinkMail(t: Translator, to: string, name: string, provider: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(S.linkSubject),
    intro: t(S.linkIntro, { provider }),
    action: t(S.linkAction),
    expiry: t(S.linkExpiry),
  });
}

/** To the owner of an address someone tried to sign up with: the sign-up answer itself says nothing. */
export function signUpTakenMail(t: Translator, to: string, name: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(M.signUpTakenSubject),
    intro: t(M.signUpTakenIntro),
    action: t(M.resetAction),
    expiry: t(M.signUpTakenNote),
  });
}

/** To the new address of an account: the change takes effect only through this link. */
export function emailChangeMail(t: Translator, to: string, name: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(M.emailChangeSubject),
    intro: t(M.emailChangeIntro),
    action: t(M.emailChangeAction),
    expiry: t(M.verifyExpiry),
  });
}

/** To the address an account just left: the new address, and a link that takes the account back. */
export function emailChangedMail(t: Translator, to: string, name: string, newEmail: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(SM.emailChangedSubject),
    intro: t(SM.emailChangedIntro, { email: newEmail }),
    action: t(SM.emailChangedAction),
    expiry: t(SM.emailChangedExpiry),
  });
}

/** To the account's address after a password change, with the way back if it was not its owner. */
export function passwordChangedMail(t: Translator, to: string, name: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(SM.passwordChangedSubject),
    intro: t(SM.passwordChangedIntro),
    action: t(SM.passwordChangedAction),
    expiry: t(SM.passwordChangedExpiry),
  });
}

/** To the account's address on a sign-in from a device it has not signed in from before. */
export function newDeviceMail(t: Translator, to: string, name: string, device: string, address: string, link: string): MailMessage {
  return linkMail(t, {
    to,
    name,
    link,
    subject: t(SM.newDeviceSubject),
    intro: t(SM.newDeviceIntro, { device, address }),
    action: t(SM.newDeviceAction),
    expiry: t(SM.passwordChangedExpiry),
  });
}
