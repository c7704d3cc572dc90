import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * An alert's description. The server cleans the HTML when it is stored (no scripts, no event
 * handlers, no javascript: links), so it is shown as HTML here.
 */
export function AlertHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      className="alert-html"
      sx={{
        overflowWrap: 'anywhere',
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& p': { my: 0.75 },
        '& a': { color: 'primary.main' },
        ...sx,
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when stored
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function AlertImage({ fileId, alt }: { fileId: string | null; alt: string }) {
  if (!fileId) return null;
  return (
    <Box
      component="img"
      src={`/api/files/${fileId}`}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain', borderRadius: 2, my: 1 }}
    />
  );
}
