import LinkifyIt from 'linkify-it';

const linkify = new LinkifyIt();

/**
 * Text a user wrote, made safe to quote in an e-mail sent from our address:
 * every link or address a mail client would make clickable (`https://…`,
 * `www.…`, `name.tld/…`, `a@b.tld`) is defanged — `https[://]evil[.]example` —
 * so it still reads but nobody follows it trusting our name. Escape the result
 * for HTML as any other text.
 */
export function neutraliseLinks(text: string): string {
  const matches = linkify.match(text);
  if (!matches) return text;
  let result = '';
  let last = 0;
  for (const match of matches) {
    result += text.slice(last, match.index);
    result += match.raw.replace(/:\/\//g, '[://]').replace(/\./g, '[.]');
    last = match.lastIndex;
  }
  return result + text.slice(last);
}
