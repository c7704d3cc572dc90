const URL_PATTERN = /https?:\/\/[^\s<>"'`)\]]+/g;
const CODE_PATTERN = /(?<![\w/-])\d{4,8}(?![\w/-])/g;

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*>/i.test(text) && /<(p|br|div|a|table|html|body|span)\b/i.test(text);
}

/** The readable text of a message body (an HTML e-mail becomes its text, line breaks kept). */
export function toPlainText(body: string): string {
  if (!looksLikeHtml(body) || typeof DOMParser === 'undefined') return body;
  const withBreaks = body
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li)>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.trim() && label.trim() !== href ? `${label} (${href})` : href,
    );
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  doc.querySelectorAll('style, script, head').forEach((node) => {
    node.remove();
  });
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function findLinks(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])].map((link) => link.replace(/[.,;:!?]+$/, ''));
}

/** Numbers of 4 to 8 digits standing alone: one-time pins and similar codes. */
export function findCodes(text: string): string[] {
  const withoutLinks = text.replace(URL_PATTERN, ' ');
  return [...new Set(withoutLinks.match(CODE_PATTERN) ?? [])];
}

export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string };

/** Splits text into plain runs and links, to render the links as anchors. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const link = raw.replace(/[.,;:!?]+$/, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
