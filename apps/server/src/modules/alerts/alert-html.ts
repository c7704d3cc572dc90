import sanitizeHtml from 'sanitize-html';

// An alert's description is HTML written by leaders and admins and shown to many users, so it is
// cleaned on the way in: basic formatting, links and images stay; scripts, styles, event handlers
// and javascript: URLs go (sanitize-html drops every attribute not listed and unsafe schemes).

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'div',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeAlertHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
