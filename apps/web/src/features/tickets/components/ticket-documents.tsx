import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, type UploadedDocument, uploadTicketDocuments } from '../../../lib/upload-file';

/**
 * The supporting documents of a ticket being raised: uploaded as they are chosen, attached when it
 * is submitted. `onFailed` tells the dealer an upload did not go through.
 */
export function useTicketDocuments(onFailed: () => void) {
  const [documents, setDocuments] = useState<UploadedDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      const uploaded = await uploadTicketDocuments(files);
      setDocuments((current) => [...current, ...uploaded]);
    } catch {
      onFailed();
    } finally {
      setUploading(false);
    }
  };
  const remove = (id: string) => setDocuments((current) => current.filter((item) => item.id !== id));
  return { documents, uploading, upload, remove, clear: () => setDocuments([]) };
}

/**
 * Upload / Manage Documents and the chosen documents as chips (removable); `canChoose` may refuse
 * the picker (and say why) until the required fields are filled.
 */
export function TicketDocumentPicker({
  state,
  testId,
  canChoose = () => true,
}: {
  state: ReturnType<typeof useTicketDocuments>;
  testId: string;
  canChoose?: () => boolean;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        accept={DOCUMENT_ACCEPT}
        data-testid={testId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) void state.upload(files);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileRoundedIcon />}
        loading={state.uploading}
        onClick={() => {
          if (canChoose()) fileInput.current?.click();
        }}
      >
        {state.documents.length ? 'Manage Documents' : 'Upload Documents'}
      </Button>
      {state.documents.map((document) => (
        <Chip
          key={document.id}
          label={document.name}
          onDelete={() => state.remove(document.id)}
          sx={{ maxWidth: 240 }}
        />
      ))}
    </>
  );
}
