import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// A small Markdown reader for texts admins write (a supplier's instructions). It builds React
// elements and never HTML, so whatever the text holds (<script>, onerror=…) is shown as text;
// links open only http(s) and mailto addresses. Covered: paragraphs, line breaks, headings (#–###),
// bulleted and numbered lists, **bold**, *italic* / _italic_, `code` and [links](https://…).

const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s]+$/i;
const INLINE = /(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}-${index++}`;
    const [, , bold1, bold2, em1, em2, code, label, href] = match;
    if (bold1 ?? bold2) out.push(<strong key={k}>{inline(bold1 ?? bold2 ?? '', k)}</strong>);
    else if (em1 ?? em2) out.push(<em key={k}>{inline(em1 ?? em2 ?? '', k)}</em>);
    else if (code) out.push(<code key={k}>{code}</code>);
    else if (label && href && SAFE_HREF.test(href))
      out.push(
        <Link key={k} href={href} target="_blank" rel="noopener noreferrer">
          {inline(label, k)}
        </Link>,
      );
    else out.push(match[0]);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function withBreaks(lines: string[], key: string): ReactNode[] {
  return lines.flatMap((line, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed while shown
    i === 0 ? inline(line, `${key}-${i}`) : [<br key={`${key}-br${i}`} />, ...inline(line, `${key}-${i}`)],
  );
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*(#{1,6})\s+(.*)$/;

/** Splits the text into headings, lists and paragraphs. */
export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      const item = (bullet ?? numbered)?.[1] ?? '';
      const open = current as Block | null;
      if (open?.kind === 'list' && open.ordered === ordered) open.items.push(item);
      else {
        flush();
        current = { kind: 'list', ordered, items: [item] };
      }
    } else {
      const open = current as Block | null;
      if (open?.kind === 'paragraph') open.lines.push(line.trim());
      else {
        flush();
        current = { kind: 'paragraph', lines: [line.trim()] };
      }
    }
  }
  flush();
  return blocks;
}

/** Markdown shown as text with formatting; never as HTML (see the note above). */
export function MarkdownText({ source, sx }: { source: string; sx?: SxProps<Theme> }) {
  const blocks = markdownBlocks(source);
  return (
    <Box
      sx={[
        { '& > :first-of-type': { mt: 0 }, '& > :last-of-type': { mb: 0 }, overflowWrap: 'anywhere' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {blocks.map((block, i) => {
        const key = `b${i}`;
        if (block.kind === 'heading') {
          return (
            <Typography key={key} variant={block.level <= 1 ? 'h5' : 'h6'} component="p" sx={{ mt: 1.5, mb: 0.5 }}>
              {inline(block.text, key)}
            </Typography>
          );
        }
        if (block.kind === 'list') {
          return (
            <Box key={key} component={block.ordered ? 'ol' : 'ul'} sx={{ my: 1, pl: 3 }}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text is fixed while shown
                <Typography key={j} component="li" variant="body2">
                  {inline(item, `${key}-${j}`)}
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={key} variant="body2" sx={{ my: 1 }}>
            {withBreaks(block.lines, key)}
          </Typography>
        );
      })}
    </Box>
  );
}
