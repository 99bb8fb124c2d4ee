/**
 * The messaging app link support answers on: `https://wa.me/<phone>?text=<text>`.
 * wa.me only accepts the number as digits (international format, no `+`), so
 * a configured number written with spaces or a plus sign still works.
 */
export function messagingUrl(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** Opens the messaging app in a new tab, without giving it a handle on this page. */
export function openMessagingApp(phone: string, text: string): void {
  window.open(messagingUrl(phone, text), '_blank', 'noopener,noreferrer');
}
