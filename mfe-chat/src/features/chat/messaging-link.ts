/**
 * The number support answers on, as wa.me expects it (digits only,
 * international format, no `+`), or null when the configured value is not a
 * phone number: empty, letters in it, or too few or too many digits for an
 * international number (E.164: at most 15). Spaces, dots, dashes, brackets
 * and a leading plus are how people write numbers, and are dropped.
 */
export function messagingNumber(phone: string | undefined | null): string | null {
  const written = (phone ?? '').trim();
  if (!/^\+?[\d\s().-]+$/.test(written)) return null;
  const digits = written.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** The messaging app link support answers on: `https://wa.me/<digits>?text=<text>`; null without a valid number. */
export function messagingUrl(phone: string | undefined | null, text: string): string | null {
  const number = messagingNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

/** Opens the messaging app in a new tab, without giving it a handle on this page. */
export function openMessagingApp(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
