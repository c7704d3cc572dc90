import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@portal/domain/platform/format';
import type { TicketFile } from '@portal/domain/tickets/tickets';
import { useRef } from 'react';
import { LoadErrorAlert } from '../load-error-alert';

/** A file on a ticket. */
export type TicketDocument = Pick<TicketFile, 'id' | 'originalName' | 'url' | 'uploadedAt'> &
  Partial<Pick<TicketFile, 'uploadedByName'>>;

export const DOCUMENTS_TEXTS = {
  empty: 'No Files Uploaded',
  add: 'Add Supporting Documents',
} as const;

export interface DocumentsListProps {
  documents: readonly TicketDocument[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** No files are added to a closed ticket (spec 2 §4). */
  closed: boolean;
  /** Called with the files picked; without it there is no add button. */
  onAddFiles?: (files: File[]) => void;
  uploading?: boolean;
  /** What the file picker offers, e.g. 'image/*,application/pdf'. */
  accept?: string;
}

/** A ticket's Documents tab: its files, or 'No Files Uploaded', and 'Add Supporting Documents'. */
export function DocumentsList({
  documents,
  loading = false,
  error,
  onRetry,
  closed,
  onAddFiles,
  uploading = false,
  accept,
}: DocumentsListProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {error ? (
        <LoadErrorAlert error={error} onRetry={onRetry ?? (() => undefined)} />
      ) : loading && !documents ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label="Loading documents" />
        </Box>
      ) : !documents?.length ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {DOCUMENTS_TEXTS.empty}
        </Typography>
      ) : (
        <List dense aria-label="Supporting documents" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {documents.map((document) => (
            <ListItem
              key={document.id}
              secondaryAction={
                <Tooltip title="Download">
                  <IconButton
                    edge="end"
                    component="a"
                    href={document.url}
                    download={document.originalName}
                    aria-label={`Download ${document.originalName}`}
                  >
                    <DownloadRoundedIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <AttachFileRoundedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={document.originalName}
                secondary={[formatDateTime(document.uploadedAt), document.uploadedByName].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {onAddFiles ? (
        <Box>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={accept}
            data-testid="ticket-documents-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length) onAddFiles(files);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileRoundedIcon />}
            disabled={closed}
            loading={uploading}
            onClick={() => input.current?.click()}
          >
            {DOCUMENTS_TEXTS.add}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
