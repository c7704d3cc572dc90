import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { splitLinks } from './message-text';

/** Text with its web addresses as links that open in a new tab. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
            key={index}
            href={part.value}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ wordBreak: 'break-all' }}
            onClick={(event) => event.stopPropagation()}
          >
            {part.value}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}
